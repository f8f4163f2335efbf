import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What a hop count in `TRUST_PROXY` means (issue 26 item 8): the last N addresses of
 * X-Forwarded-For are believed whoever sent the request. A client that reaches the server's port
 * directly, not through the proxy, writes that header itself and so picks the address every
 * per-address limit counts it under.
 */
export const HOP_COUNT_WARNING =
  'TRUST_PROXY is a hop count: a client that reaches this server directly (not through the proxy) ' +
  'names its own address in X-Forwarded-For, and each new address starts every per-address limit ' +
  "(login failures, log calls, previews) afresh. Set TRUST_PROXY to the proxy's addresses " +
  '(e.g. 10.0.0.2 or 10.1.0.0/16) instead, or make sure only the proxy can reach this port.';

/** At a production start, a hop count is warned about once, naming the risk. */
export function warnAboutTrustProxy(
  log: FastifyBaseLogger,
  config: Pick<Config, 'env' | 'trustProxy'>,
): void {
  // Only a hop count is a function (config.ts, parseTrustProxy); addresses are a list.
  if (config.env === 'production' && typeof config.trustProxy === 'function') {
    log.warn({ variable: 'TRUST_PROXY' }, HOP_COUNT_WARNING);
  }
}
