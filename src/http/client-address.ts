/**
 * The client a request comes from, as every limit counts it.
 *
 * `request.ip` is the peer's address, or, when the peer is a proxy named in `TRUST_PROXY`, the
 * address that proxy reports in `X-Forwarded-For` (Fastify's `trustProxy`, which reads the header
 * from the right and stops at the first address it does not trust, so a client cannot choose its
 * own address by sending the header itself).
 *
 * An IPv6 client counts by its /64 network: one subscriber is given a whole /64 and can pick any of
 * its 2^64 addresses, so a budget per address would be no budget. An IPv4 address seen through an
 * IPv6 socket (`::ffff:203.0.113.7`) counts as the IPv4 address it is.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/** @example clientAddress(request) // '203.0.113.7' or '2001:db8:1:2::' */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  return normalizeIP(request.ip, 64);
}
