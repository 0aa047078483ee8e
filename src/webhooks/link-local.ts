/**
 * Link-local and cloud-metadata addresses, kept closed to webhooks even when
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS opens the private ones (a development machine, a receiver on the
 * local network): a cloud machine's metadata service (169.254.169.254, `metadata.google.internal`,
 * fd00:ec2::254, 100.100.100.200) hands out its credentials to whoever asks, and the delivery log
 * shows 1 KB of each answer. Only WEBHOOK_ALLOW_LINK_LOCAL=true opens them too.
 *
 * `addressRefusal` (address-filter.ts) makes the check on the address a connection is about to use:
 * an IP literal in the URL, and every address DNS gives for a name (so a name resolving to
 * 169.254.169.254 is refused like the address).
 */
import ipaddr from 'ipaddr.js';

/** Ranges and single addresses refused (IPv4-mapped and IPv4-compatible forms are read as IPv4). */
const CLOSED_V4: ReadonlyArray<[string, number]> = [
  ['169.254.0.0', 16], // link-local, where the AWS, GCP, Azure and OpenStack metadata services answer
  ['100.100.100.200', 32], // Alibaba Cloud's metadata service
];
const CLOSED_V6: ReadonlyArray<[string, number]> = [
  ['fe80::', 10], // link-local
  ['fd00:ec2::254', 128], // AWS's metadata service over IPv6
];

/** Whether `address` (an IP literal) is link-local or a cloud metadata address. */
export function isLinkLocalOrMetadata(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((part) => part === 0) && (v6.parts[6] !== 0 || v6.parts[7]! > 1)) {
      // IPv4-compatible (::a.b.c.d, deprecated): read as the IPv4 address it carries.
      parsed = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    }
  }
  if (parsed.kind() === 'ipv4') return CLOSED_V4.some(([range, bits]) => (parsed as ipaddr.IPv4).match(ipaddr.IPv4.parse(range), bits));
  return CLOSED_V6.some(([range, bits]) => (parsed as ipaddr.IPv6).match(ipaddr.IPv6.parse(range), bits));
}
