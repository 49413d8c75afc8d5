import { isIPv4, isIPv6 } from "node:net";

/**
 * The client a per-client allowance counts (the form limits, staff sign-in failures): an IPv4 address as it
 * is, an IPv6 address by its /64 network. One subscriber, phone or VPS is handed a whole /64 and picks any of
 * its 2^64 addresses at will, so counting single IPv6 addresses would give an attacker an allowance per
 * address. An IPv4 address written as IPv6 (::ffff:a.b.c.d, as a dual-stack socket reports it) counts as the
 * IPv4 address. Anything else (no address known) is counted under what it is.
 */
export function clientRateKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, each without leading zeros (a zone index is dropped). */
function expandIPv6(address: string): string[] {
  const [withoutZone] = address.split("%");
  const [head = "", tail] = withoutZone!.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const toGroups = (part: string) =>
    groups(part).flatMap((group) => (group.includes(".") ? embeddedIPv4(group) : [group]));
  const before = toGroups(head);
  const after = tail === undefined ? [] : toGroups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill("0");
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16).toString(16));
}

/** An IPv4 tail (::1.2.3.4) as its two 16-bit groups. */
function embeddedIPv4(dotted: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
