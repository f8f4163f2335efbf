import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Where a browser's push subscription may send us (issue 46, decision 067): the browsers' own push
 * services, nothing else. A subscription names its endpoint, so without these rules anyone signed
 * in could have the server open connections to any address (a blind SSRF).
 */

export interface PushEndpointRule {
  hosts: readonly string[];
  /** Tests only (config `PUSH_ALLOW_LOOPBACK`, refused in production): a local push service on any port. */
  allowLoopback: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((entry) =>
    entry.startsWith('*.')
      ? hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1
      : hostname === entry,
  );
}

/** Why an endpoint is refused (in English, for the logs and the 400's field), or null when it may be used. */
export function pushEndpointRefusal(endpoint: string, rule: PushEndpointRule): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'must be https';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  const hostname = url.hostname.toLowerCase();
  if (rule.allowLoopback && LOOPBACK_NAMES.has(hostname)) return null;
  if (url.port !== '' && url.port !== '443') return 'must use port 443';
  if (!hostAllowed(hostname, rule.hosts)) return 'must be a browser push service';
  return null;
}

/** Ranges no push service lives in: private, loopback, link-local, shared, documentation, multicast, reserved. */
const notPublic = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv6');
}

/** Whether a connection to `address` may carry a push (`allowLoopback`: tests' local push service). */
export function pushAddressAllowed(address: string, allowLoopback: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIP(ip);
  if (family === 0) return false;
  if (allowLoopback && (ip === '::1' || (family === 4 && ip.startsWith('127.')))) return true;
  return !notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The HTTPS agent pushes go through: every connection is checked where it lands — the address the
 * socket connected to, not a name's answer a moment before (a DNS answer that changes cannot pass) —
 * and a refused one is destroyed before a byte is sent. Redirects are never followed (web-push does
 * not follow them; a 3xx is a failed delivery).
 */
export function guardedPushAgent(options: { allowLoopback: boolean; ca?: string | Buffer }): https.Agent {
  const { allowLoopback } = options;
  const agent = new https.Agent({
    keepAlive: true,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
    // Names resolve only to allowed addresses (the socket's check below is the one that holds).
    lookup: (hostname, lookupOptions, callback) => {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 0);
        const allowed = (addresses as dns.LookupAddress[]).filter((entry) =>
          pushAddressAllowed(entry.address, allowLoopback),
        );
        if (allowed.length === 0) {
          return callback(
            Object.assign(new Error(`${hostname} resolves to no public address`), { code: 'EPUSHADDRESS' }),
            '',
            0,
          );
        }
        if ((lookupOptions as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
        return callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    },
  });
  const createConnection = agent.createConnection.bind(agent) as (...args: unknown[]) => Duplex;
  agent.createConnection = ((...args: unknown[]) => {
    const socket = createConnection(...args) as net.Socket;
    socket.once('connect', () => {
      const address = socket.remoteAddress;
      if (address === undefined || !pushAddressAllowed(address, allowLoopback)) {
        socket.destroy(
          Object.assign(new Error(`push to ${address ?? 'an unknown address'} refused`), {
            code: 'EPUSHADDRESS',
          }),
        );
      }
    });
    return socket;
  }) as typeof agent.createConnection;
  return agent;
}
