/**
 * The key the per-address limits count a client under (src/auth/client-address.ts): IPv4 as it is, IPv6 by its /56.
 *
 * @see docs/dashboard.md#sign-in-throttling
 */
import { describe, expect, it } from "@jest/globals";
import { clientAddressKey } from "../src/auth/client-address.js";

describe("clientAddressKey", () => {
  it("keeps an IPv4 address, also when a dual-stack socket writes it IPv4-mapped", () => {
    expect(clientAddressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddressKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(clientAddressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts an IPv6 address by its /56, however it is written", () => {
    const key = "2001:db8:7:4200::/56";
    for (const address of [
      "2001:db8:7:4200::1",
      "2001:db8:7:4201::1",
      "2001:db8:7:42ff:ffff:ffff:ffff:ffff",
      "2001:0DB8:0007:4233:0000:0000:0000:0abc",
      "2001:db8:7:4210::1%eth0",
      "2001:db8:7:42aa::192.0.2.1",
    ])
      expect(clientAddressKey(address)).toBe(key);
  });

  it("tells networks apart at the 56th bit", () => {
    expect(clientAddressKey("2001:db8:7:4300::1")).toBe("2001:db8:7:4300::/56");
    expect(clientAddressKey("2001:db8:8:4200::1")).toBe("2001:db8:8:4200::/56");
    expect(clientAddressKey("2001:db8:7:42::1")).toBe("2001:db8:7::/56");
    expect(clientAddressKey("::1")).toBe("::/56");
    expect(clientAddressKey("fe80::1")).toBe("fe80::/56");
  });

  it("leaves anything that is not an address as it is", () => {
    for (const text of ["unknown", "", "2001:db8::g", "1.2.3", "[::1]"]) expect(clientAddressKey(text)).toBe(text);
  });
});
