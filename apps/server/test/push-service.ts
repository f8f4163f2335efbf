import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A browser's side of Web Push, for tests: an ECDH P-256 key pair and an auth secret as
 * `PushManager.subscribe()` makes them, and the decryption of an `aes128gcm` message (RFC 8291
 * over RFC 8188) with node:crypto alone, independent of the library that encrypted it.
 */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body[20]!;
      const senderPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      if (ciphertext.length > recordSize) throw new Error('more than one record');
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The VAPID JWT's claims, its signature checked against the `k=` key. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  /** When it arrived (performance.now()). */
  at: number;
}

/**
 * A local push service speaking RFC 8030 over HTTPS (a self-signed certificate for 127.0.0.1):
 * accepts a push with 201, or answers a path's chosen status (410: the subscription is gone).
 */
export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '1',
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const key = fs.readFileSync(path.join(dir, 'key.pem'));
  fs.rmSync(dir, { recursive: true, force: true });
  const received: ReceivedPush[] = [];
  const statusByPath = new Map<string, number>();
  const hanging = new Set<string>();
  const hangingClosedAt: number[] = [];
  const held = new Set<import('node:net').Socket>();
  const server = https.createServer({ cert, key }, (request, response) => {
    // A push service that takes the request and never answers (issue 46's slow endpoints).
    if (hanging.has(request.url ?? '')) {
      request.on('close', () => hangingClosedAt.push(performance.now()));
      held.add(request.socket);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = statusByPath.get(request.url ?? '');
      if (status) {
        response.writeHead(status).end();
        return;
      }
      const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(request.headers.authorization));
      if (request.method !== 'POST' || !match || request.headers['content-encoding'] !== 'aes128gcm') {
        response.writeHead(400).end();
        return;
      }
      const [header, claims, signature] = match[1]!.split('.');
      const publicKey = match[2]!;
      const raw = Buffer.from(publicKey, 'base64url');
      const jwk = {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      };
      const valid = verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      );
      if (!valid) {
        response.writeHead(403).end();
        return;
      }
      const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as {
        aud: string;
        sub: string;
        exp: number;
      };
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        vapid: { ...payload, publicKey },
        at: performance.now(),
      });
      response.writeHead(201, { location: `${request.url}/message` }).end();
    });
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** This service's certificate, for the sender to trust. */
    ca: cert,
    /** Trusts this service's certificate, for a plain client. */
    agent: new https.Agent({ ca: cert }),
    /** Answers pushes to `pathname` with `status` from now on. */
    answer(pathname: string, status: number) {
      statusByPath.set(pathname, status);
    },
    /** TCP connections accepted so far (a refused address must open none). */
    connections: () => connections,
    /** When each unanswered push's connection was given up (performance.now()). */
    hangingClosedAt,
    /** Drops the connections of the pushes it never answered (their senders see them fail). */
    releaseHanging() {
      for (const socket of held) socket.destroy();
      held.clear();
    },
    /** Never answers pushes to `pathname` from now on. */
    hang(pathname: string) {
      hanging.add(pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
