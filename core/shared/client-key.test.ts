import { describe, expect, it } from "vitest";
import { clientRateKey } from "./client-key.server.ts";

describe("the client a per-client allowance counts", () => {
  it("is an IPv4 address as it is, also when a dual-stack socket writes it as IPv6", () => {
    expect(clientRateKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientRateKey("::FFFF:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the /64 network of an IPv6 address, however the address is written", () => {
    const key = "2001:db8:85a3:42::/64";
    expect(clientRateKey("2001:db8:85a3:42::1")).toBe(key);
    expect(clientRateKey("2001:0db8:85a3:0042:ffff:ffff:ffff:fffe")).toBe(key);
    expect(clientRateKey("2001:DB8:85A3:42:0:0:0:7")).toBe(key);
    expect(clientRateKey("2001:db8:85a3:42::1.2.3.4")).toBe(key);
    expect(clientRateKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("tells neighbouring /64 networks apart", () => {
    expect(clientRateKey("2001:db8:85a3:43::1")).not.toBe(clientRateKey("2001:db8:85a3:42::1"));
    expect(clientRateKey("::1")).toBe("0:0:0:0::/64");
  });

  it("counts anything that is not an address under what it is", () => {
    expect(clientRateKey("unknown")).toBe("unknown");
  });
});
