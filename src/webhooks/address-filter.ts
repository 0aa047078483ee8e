/**
 * Which addresses a webhook may connect to: the one check, made on the address a name resolves to
 * (so a name resolving to 127.0.0.1 or 169.254.169.254 is refused like the address itself) and on an
 * address written in the URL.
 *
 * Refused always: IPv4-compatible IPv6 addresses (`::/96`, such as `::7f00:1` or `::a9fe:a9fe`, which
 * some stacks route to the IPv4 address they embed), other than `::1` where private networks are
 * allowed. Refused even where private networks are allowed, unless WEBHOOK_ALLOW_LINK_LOCAL is on too:
 * link-local and cloud-metadata addresses (`link-local.ts`). Refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is on: every address outside ipaddr.js's
 * `unicast` range (private, loopback, link-local with the cloud metadata address, CGNAT,
 * unique-local, multicast, reserved, the unspecified `0.0.0.0` and `::`), and an IPv4-mapped IPv6
 * address (`::ffff:a.b.c.d`) whenever its IPv4 address would be.
 *
 * request-filtering-agent, which the sender's agents extend, checks the same classes again.
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { isLinkLocalOrMetadata } from './link-local.js';

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Why a connection to `address` is refused, or undefined when it is allowed; a name (not an
 * address) is undefined: it is checked once resolved.
 *
 * @example addressRefusal('::a9fe:a9fe', true) // 'an IPv4-compatible IPv6 address (::/96)'
 */
export function addressRefusal(address: string, allowPrivateNetworks: boolean, allowLinkLocal = false): string | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (net.isIP(bare) === 0) return undefined;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE) && !(allowPrivateNetworks && v6.range() === 'loopback')) return 'an IPv4-compatible IPv6 address (::/96)';
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  if (allowPrivateNetworks) {
    return !allowLinkLocal && isLinkLocalOrMetadata(bare) ? 'a link-local or cloud-metadata address (WEBHOOK_ALLOW_LINK_LOCAL=true opens them)' : undefined;
  }
  const range = parsed.range();
  return range === 'unicast' ? undefined : `a ${range} address`;
}

/** The error a refused connection fails with: its message says "is not allowed", as request-filtering-agent's do. */
export function refusedAddressError(address: string, host: string | undefined, reason: string): Error {
  return new Error(`The address ${address}${host === undefined || host === address ? '' : ` (of ${host})`} is not allowed: ${reason}.`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

type Resolve = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/** `dns.lookup` (or `resolve`), refusing any answer `addressRefusal` refuses. */
export function checkingLookup(allowPrivateNetworks: boolean, allowLinkLocal = false, resolve: Resolve = dns.lookup as unknown as Resolve): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, options, ((error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => {
      if (error !== null) return callback(error, address, family);
      const answers = typeof address === 'string' ? [address] : address.map((a) => a.address);
      for (const answer of answers) {
        const reason = addressRefusal(answer, allowPrivateNetworks, allowLinkLocal);
        if (reason !== undefined) return callback(refusedAddressError(answer, hostname, reason), address, family);
      }
      callback(null, address, family);
    }) as never);
  }) as unknown as net.LookupFunction;
}
