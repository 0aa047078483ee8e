/**
 * Where clients reach this server: `PUBLIC_URL`, or else the address it listens on, learnt once it
 * listens. It names the issuer of access tokens and the origin of the dashboard's redirect URI.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { serviceUrl, type Config } from '../config.js';

const HOST_HEADER = /^(?<name>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export class Site {
  /** The issuer of access tokens and the base of the OAuth endpoints. */
  url: string;

  constructor(private readonly config: Pick<Config, 'publicUrl' | 'host' | 'port'>) {
    this.url = serviceUrl(config, config.port);
  }

  /** The server listens on `port` (the one the system picked, for PORT=0). */
  listening(port: number): void {
    if (this.config.publicUrl === undefined) this.url = serviceUrl(this.config, port);
  }

  /**
   * The origin a browser reached this server at, for the dashboard's redirect URI: `PUBLIC_URL`'s
   * when it is set. Without it, the request's own scheme and `Host`, but only when that `Host` names
   * this machine (`localhost`, a loopback address, the `HOST` it listens on, or, listening on all
   * addresses, one of its network interfaces' addresses), on any port (a port forwarded by a
   * container still works). Any other name (one an attacker points at this server, by DNS rebinding
   * or through a proxy that passes `Host` on) gives no origin, so no redirect URI matches.
   */
  originOf(request: FastifyRequest): string | undefined {
    if (this.config.publicUrl !== undefined) return new URL(this.config.publicUrl).origin;
    const host = request.host;
    const name = HOST_HEADER.exec(host)?.groups?.name;
    if (name === undefined || !this.namesThisMachine(name.replace(/^\[|\]$/g, '').toLowerCase())) return undefined;
    return `${request.protocol}://${host}`;
  }

  private namesThisMachine(name: string): boolean {
    const listening = this.config.host.toLowerCase();
    if (name === 'localhost' || name === listening) return true;
    if (!ipaddr.isValid(name)) return false;
    const address = ipaddr.process(name);
    if (address.range() === 'loopback') return true;
    if (listening !== '0.0.0.0' && listening !== '::') return ipaddr.isValid(listening) && ipaddr.process(listening).toString() === address.toString();
    return Object.values(networkInterfaces())
      .flat()
      .some((nic) => nic !== undefined && ipaddr.process(nic.address.split('%')[0]!).toString() === address.toString());
  }
}
