import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { TrustProxy } from '../config.ts';

/** What an `X-Request-Id` from the proxy may look like: nginx's `$request_id` (32 hex), a UUID, … */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

/** The ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const namedRanges: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether the socket's peer is the proxy `TRUST_PROXY` names, so that what it says in its headers
 * (here `X-Request-Id`) is believed. A hop count trusts every peer (config.ts warns about it).
 */
export function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'function') return (address) => address !== undefined && trustProxy(address, 0);
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    const named = namedRanges[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address, bits] = entry.split('/');
    const family = net.isIPv4(address!) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket reads as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    return list.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when the proxy sent it (and it looks like an id),
 * so the balancer's log and ours name the request alike; a new UUID otherwise.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && trusted(request.socket?.remoteAddress))
      return given;
    return randomUUID();
  };
}
