/// <reference lib="webworker" />
/**
 * The service worker's Web Push part (decision 047), imported by sw.ts: a push shows the server's
 * notification; a tap on it opens its deep link, in the app's open window when there is one.
 */
import type { PushPayload } from '@hamkke/contract/my/push';

declare const self: ServiceWorkerGlobalScope;

/** Where a notification without a usable link leads. */
const FALLBACK_PATH = '/home';

/** The push's JSON, or null when it is not one of ours (nothing to show). */
export function readPush(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PushPayload>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      kind: value.kind ?? 'daily',
      title: value.title,
      body: value.body,
      url: typeof value.url === 'string' ? value.url : FALLBACK_PATH,
      tag: typeof value.tag === 'string' ? value.tag : (value.kind ?? 'daily'),
    };
  } catch {
    return null;
  }
}

/** An app path on this origin: anything else (another site, a malformed link) becomes /home. */
export function deepLink(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//'))
    return `${origin}${FALLBACK_PATH}`;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : `${origin}${FALLBACK_PATH}`;
}

async function openDeepLink(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // The app's window is taken to the link (and brought forward, where the browser lets it).
    await open.focus().catch(() => undefined);
    const moved = await open.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

export function registerPushHandlers(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPush(event.data?.text());
    if (!payload) return;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        lang: 'ko',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url, kind: payload.kind },
      }),
    );
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const url = deepLink((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
    // Started before waitUntil: the window moves even when the event was not the browser's own.
    const opening = openDeepLink(url);
    event.waitUntil(opening);
  });
}
