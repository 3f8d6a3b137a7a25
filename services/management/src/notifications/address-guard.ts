/**
 * Keeps notification webhooks off the operator's own network: a webhook URL whose host is, or resolves to, a private,
 * loopback, link-local or unspecified address is refused (an owner must not make management call its Postgres, its
 * cloud's metadata service or a neighbour's admin page). The check runs when the channel is added (a clear 400) and
 * again before every delivery, because a name can resolve elsewhere later (DNS rebinding).
 *
 * What it costs: one DNS lookup per check. What it does not stop: a name that changes between this lookup and the
 * connection's own (a rebinding within the TTL); pinning the connection to the checked address would, at the price of
 * a custom HTTP agent.
 *
 * @see docs/notifications.md#webhook-addresses
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const refused = new BlockList();
refused.addSubnet("0.0.0.0", 8, "ipv4");
refused.addSubnet("10.0.0.0", 8, "ipv4");
refused.addSubnet("100.64.0.0", 10, "ipv4");
refused.addSubnet("127.0.0.0", 8, "ipv4");
refused.addSubnet("169.254.0.0", 16, "ipv4");
refused.addSubnet("172.16.0.0", 12, "ipv4");
refused.addSubnet("192.168.0.0", 16, "ipv4");
refused.addSubnet("224.0.0.0", 3, "ipv4");
refused.addAddress("::", "ipv6");
refused.addAddress("::1", "ipv6");
refused.addSubnet("fc00::", 7, "ipv6");
refused.addSubnet("fe80::", 10, "ipv6");
refused.addSubnet("ff00::", 8, "ipv6");

/** Whether `address` (an IP literal) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, "ipv4");
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) reaches the IPv4 host it names.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return refused.check(mapped[1]!, "ipv4");
  return refused.check(lower, "ipv6");
}

/** Resolves a host name to its addresses; injectable for tests. */
export type Resolver = (host: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, as fetch itself uses). */
export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Why a webhook host is refused, or undefined when it may be called. */
export async function webhookHostProblem(url: URL, resolve: Resolver): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return `The webhook's host ${host} does not resolve`;
    }
    if (addresses.length === 0) return `The webhook's host ${host} does not resolve`;
  }
  const inside = addresses.find(isPrivateAddress);
  if (inside !== undefined) {
    return addresses.length === 1 && inside === host
      ? `The webhook's address ${host} is private, loopback or link-local; use a public address`
      : `The webhook's host ${host} resolves to a private, loopback or link-local address; use a public address`;
  }
  return undefined;
}
