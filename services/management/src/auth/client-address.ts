/**
 * The client address as the per-address limits count it (docs/dashboard.md#sign-in-throttling). An IPv4 address is
 * one client. An IPv6 address is not: an ISP gives each customer a network of its own, commonly a /56 (a /48 or a /64
 * at the edges), and its owner may use any address in it, so counting single IPv6 addresses would give one client
 * 2^72 fresh addresses, each with its own 20 sign-in failures and 10 sign-ups, and each "clean" to the e-mail's count.
 * The limits count an IPv6 client by its /56, as express-rate-limit does by default since v8.
 */
import { isIPv4, isIPv6 } from "node:net";

/** Leading bits of an IPv6 address that name one client. */
export const IPV6_CLIENT_PREFIX_BITS = 56;

/**
 * A valid IPv6 address (without a zone) in its canonical form, as the URL parser writes it (RFC 5952: lower case, the
 * longest run of zero groups as `::`, embedded IPv4 as two hex groups).
 */
function canonical(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** The eight 16-bit groups of a valid IPv6 address (without a zone). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = canonical(address).split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  if (tail === undefined) return left;
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key the per-address limits count `ip` under: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:203.0.113.9`, as a dual-stack socket reports it); an IPv6 address as its /56 network
 * (`2001:db8:7:4200::/56`); anything else (no address known) as it is.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const address = ip.split("%")[0] ?? "";
  if (!isIPv6(address)) return ip;
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  const keep = IPV6_CLIENT_PREFIX_BITS;
  const network = g.map((group, i) => {
    const bits = Math.min(16, Math.max(0, keep - i * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${canonical(network.map((x) => x.toString(16)).join(":"))}/${keep}`;
}
