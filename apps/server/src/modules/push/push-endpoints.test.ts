import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { pushAddressAllowed, pushEndpointRefusal } from './push-endpoints.ts';

const rule = { hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: false };

describe('push endpoints (issue 46 M1)', () => {
  it("takes the browsers' push services", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ]) {
      expect(pushEndpointRefusal(endpoint, rule), endpoint).toBeNull();
    }
  });

  it("refuses every address of the review's reproduction, and look-alikes", () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://[fd00::1]/',
      'https://127.0.0.1/',
      'https://localhost/',
      'https://[::1]/',
      'https://0.0.0.0/',
      'https://2130706433/',
      'https://127.1/',
      'https://user:pw@127.0.0.1/',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'not a url',
    ]) {
      expect(pushEndpointRefusal(endpoint, rule), endpoint).not.toBeNull();
    }
  });

  it("takes a local push service only under the tests' switch", () => {
    const local = 'https://127.0.0.1:44123/push/a';
    expect(pushEndpointRefusal(local, rule)).not.toBeNull();
    expect(pushEndpointRefusal(local, { ...rule, allowLoopback: true })).toBeNull();
    expect(pushEndpointRefusal('https://10.0.0.1:443/', { ...rule, allowLoopback: true })).not.toBeNull();
  });

  it('connects only to public addresses', () => {
    for (const address of ['142.250.196.106', '2404:6800:4004:81f::200a', '::ffff:142.250.196.106']) {
      expect(pushAddressAllowed(address, false), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::',
      'not-an-ip',
    ]) {
      expect(pushAddressAllowed(address, false), address).toBe(false);
    }
    expect(pushAddressAllowed('127.0.0.1', true)).toBe(true);
    expect(pushAddressAllowed('10.1.2.3', true)).toBe(false);
  });
});
