import type { Kysely } from 'kysely';

/* Frozen in time: this file never imports app code. It runs on SQLite and PostgreSQL alike. */

/** The browsers' push services as decision 067 first listed them (config may list others since). */
const PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

function toPushService(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' || url.username || url.password) return false;
    if (url.port !== '' && url.port !== '443') return false;
    const host = url.hostname.toLowerCase();
    return PUSH_SERVICES.some((entry) =>
      entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
    );
  } catch {
    return false;
  }
}

/**
 * Issue 46 (M1): subscriptions that name anything but a browser's push service are dropped, and the
 * count is logged; the people keep their other browsers and may subscribe again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('push_subscriptions').select('endpoint').execute()) as Array<{
    endpoint: string;
  }>;
  const refused = rows.map((row) => row.endpoint).filter((endpoint) => !toPushService(endpoint));
  for (let start = 0; start < refused.length; start += 500) {
    await db
      .deleteFrom('push_subscriptions')
      .where('endpoint', 'in', refused.slice(start, start + 500))
      .execute();
  }
  if (refused.length > 0) {
    console.info(`migration push-endpoints: ${refused.length} subscription(s) not to a push service dropped`);
  }
}

export async function down(): Promise<void> {
  // The dropped rows are not brought back: they named addresses no push may go to.
}
