import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Fetching a photo a dealer's stock feed names (docs/decisions/030-feed-photo-fetching.md). The server
 * fetches on the feed's word, so it must not become a way into the network it sits in:
 * - only from hosts listed for the dealer (dealer_feed_photo_hosts); https, or http to a host listed with
 *   its port ("dms.example:8080");
 * - every address the name resolves to is checked, and the connection goes to a checked address (no second
 *   lookup an attacker's DNS could answer differently); private, loopback, link-local and other special
 *   addresses are refused unless the address itself is what the dealer's list names ("10.0.0.5:8080");
 * - a redirect is followed only within the same scheme, host and port;
 * - at most `maxBytes`, within `timeoutMs` for the whole fetch, redirects included.
 * The bytes' type is checked by content when they are stored (core/media's storeImage), not here.
 */

export type PhotoFetchLimits = { maxBytes: number; timeoutMs: number; maxRedirects: number };

export const DEFAULT_PHOTO_FETCH_LIMITS: PhotoFetchLimits = {
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
};

/** A photo the server would not or could not fetch; `message` is for the feed's report. */
export class PhotoFetchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoFetchFailed";
  }
}

type Target = { url: URL; hostPort: string; addressIsListedHost: boolean };

const defaultPort = (url: URL) => (url.protocol === "https:" ? "443" : "80");
const bareHostname = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The checks that need no network: scheme, and the host against the dealer's list. Throws PhotoFetchFailed. */
export function checkPhotoUrl(raw: string, allowedHosts: readonly string[]): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PhotoFetchFailed("Not a valid URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new PhotoFetchFailed("Only https (or http to a listed host:port) URLs are fetched");
  if (url.username || url.password) throw new PhotoFetchFailed("URLs with a user name or password are not fetched");
  const hostPort = `${url.hostname}:${url.port || defaultPort(url)}`;
  const listedWithPort = allowedHosts.includes(hostPort);
  const listedPlain =
    url.protocol === "https:" && (url.port === "" || url.port === "443") && allowedHosts.includes(url.hostname);
  if (!listedWithPort && !listedPlain) {
    throw new PhotoFetchFailed(
      url.protocol === "http:"
        ? `Plain http is fetched only from a host listed with its port; ${hostPort} is not listed for this dealer`
        : `The host ${url.host} is not listed for this dealer's photos`,
    );
  }
  return { url, hostPort, addressIsListedHost: isIP(bareHostname(url)) !== 0 };
}

/**
 * The entry a photo URL's host would need in the dealer's list (`photos.dms.example`, or `host:port` for plain
 * http or another port), or null when the URL is not http(s) or its host is listed already.
 */
export function unlistedPhotoHost(raw: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  try {
    checkPhotoUrl(raw, allowedHosts);
    return null;
  } catch {
    return url.protocol === "https:" && url.port === ""
      ? url.hostname
      : `${url.hostname}:${url.port || defaultPort(url)}`;
  }
}

const SPECIAL_ADDRESSES = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const)
    list.addSubnet(network, prefix, "ipv4");
  for (const [network, prefix] of [
    // ::/96 holds the deprecated IPv4-compatible addresses (::a.b.c.d) as well as :: and ::1.
    ["::", 96],
    ["64:ff9b::", 96],
    ["64:ff9b:1::", 48],
    // Tunnels that carry an IPv4 address inside (Teredo, 6to4): the inner address could be a private one.
    ["2001::", 32],
    ["2002::", 16],
    ["100::", 64],
    ["2001:db8::", 32],
    ["fc00::", 7],
    ["fe80::", 10],
    ["fec0::", 10],
    ["ff00::", 8],
  ] as const)
    list.addSubnet(network, prefix, "ipv6");
  return list;
})();

/** True for an address that is not a public unicast one: private, loopback, link-local, shared, multicast, reserved. */
export function isSpecialAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL_ADDRESSES.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return SPECIAL_ADDRESSES.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Resolves the host and checks every address; answers the one to connect to. */
async function checkedAddress(target: Target): Promise<{ address: string; family: number }> {
  const hostname = bareHostname(target.url);
  if (target.addressIsListedHost) return { address: hostname, family: isIP(hostname) };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(hostname, { all: true, verbatim: true });
  } catch {
    throw new PhotoFetchFailed(`The host ${hostname} cannot be resolved`);
  }
  if (addresses.length === 0) throw new PhotoFetchFailed(`The host ${hostname} cannot be resolved`);
  if (addresses.some((a) => isSpecialAddress(a.address))) {
    throw new PhotoFetchFailed(
      `The host ${hostname} resolves to a private or local address; list the address itself to allow it`,
    );
  }
  return addresses[0]!;
}

/** A lookup that answers the address already checked, so the connection cannot go anywhere else. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** Fetches the photo's bytes, following the rules above. Throws PhotoFetchFailed with a reason for the report. */
export async function fetchFeedPhoto(
  raw: string,
  allowedHosts: readonly string[],
  limits: PhotoFetchLimits = DEFAULT_PHOTO_FETCH_LIMITS,
): Promise<Buffer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let target = checkPhotoUrl(raw, allowedHosts);
  for (let redirects = 0; ; redirects++) {
    const answer = await request(target, limits, deadline);
    if (answer.kind === "bytes") return answer.bytes;
    if (redirects >= limits.maxRedirects) throw new PhotoFetchFailed(`More than ${limits.maxRedirects} redirects`);
    const next = new URL(answer.location, target.url);
    if (
      next.protocol !== target.url.protocol ||
      `${next.hostname}:${next.port || defaultPort(next)}` !== target.hostPort
    ) {
      throw new PhotoFetchFailed(
        `Redirected to another host (${next.host}); only redirects within ${target.url.host} are followed`,
      );
    }
    target = { ...target, url: next };
  }
}

type Answer = { kind: "bytes"; bytes: Buffer } | { kind: "redirect"; location: string };

async function request(target: Target, limits: PhotoFetchLimits, deadline: AbortSignal): Promise<Answer> {
  if (deadline.aborted) throw timedOut(limits);
  const { address, family } = await checkedAddress(target);
  const client = target.url.protocol === "https:" ? https : http;
  const failure = (error: unknown) =>
    deadline.aborted
      ? timedOut(limits)
      : error instanceof PhotoFetchFailed
        ? error
        : new PhotoFetchFailed(`The photo could not be fetched (${(error as Error).message})`);
  return new Promise<Answer>((resolve, reject) => {
    const headers = { Accept: "image/jpeg, image/png, image/webp" };
    // A connection of its own (no keep-alive pool): Node's global agent reuses idle sockets, and a host that closes one
    // at the moment it is reused fails the photo ("socket hang up"), as a feed photo test did in busy full runs.
    const req = client.get(
      target.url,
      { agent: false, lookup: pinnedLookup(address, family), signal: deadline, headers },
      (res) => {
        readAnswer(res, limits).then(resolve, (error: unknown) => {
          req.destroy();
          reject(failure(error));
        });
      },
    );
    req.on("error", (error) => reject(failure(error)));
  });
}

const timedOut = (limits: PhotoFetchLimits) =>
  new PhotoFetchFailed(`No complete answer within ${limits.timeoutMs / 1000} s`);

async function readAnswer(res: IncomingMessage, limits: PhotoFetchLimits): Promise<Answer> {
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400 && res.headers.location) {
    res.resume();
    return { kind: "redirect", location: res.headers.location };
  }
  if (status !== 200) {
    res.resume();
    throw new PhotoFetchFailed(`The photo's server answered HTTP ${status}`);
  }
  const tooLarge = () =>
    new PhotoFetchFailed(`The photo is larger than ${Math.round(limits.maxBytes / (1024 * 1024))} MB`);
  if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limits.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (!res.complete) throw new PhotoFetchFailed("The photo's answer was cut off");
  return { kind: "bytes", bytes: Buffer.concat(chunks) };
}
