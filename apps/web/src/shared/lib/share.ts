import { appConfig } from '../config.ts';
import { shareWithKakao, type ShareLink } from './kakao-share.ts';

/**
 * Sharing a day of certifications (kakao.md): the Kakao JS SDK when a key is configured, otherwise
 * the Web Share API, otherwise the link is copied. A missing key is logged once at start-up
 * (kakao-key-check.ts, spec §8), not here.
 */

export interface SharedDay {
  uuid: string;
  /** `YYYY-MM-DD`, a Seoul day. */
  date: string;
  /** The shared page of one challenge's day. */
  challengeId?: string;
}

/** `/mission/shared/{uuid}/{date}`, or `/challenge/shared/{challengeId}/{uuid}/{date}` (spec §2). */
export function sharedDayPath({ uuid, date, challengeId }: SharedDay): string {
  const tail = `${encodeURIComponent(uuid)}/${encodeURIComponent(date)}`;
  return challengeId === undefined
    ? `/mission/shared/${tail}`
    : `/challenge/shared/${encodeURIComponent(challengeId)}/${tail}`;
}

/** A path of this app as a full address on `origin`, e.g. a child link the server answered with. */
export function urlOnOrigin(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The full address of a shared day on this origin. */
export function sharedDayUrl(origin: string, day: SharedDay): string {
  return urlOnOrigin(origin, sharedDayPath(day));
}

export type ShareMethod = 'kakao' | 'web-share' | 'clipboard';

/** The ways to try, best first. */
export function shareMethodsFor(env: { kakaoJsKey: string | null; canWebShare: boolean }): ShareMethod[] {
  const methods: ShareMethod[] = [];
  if (env.kakaoJsKey) methods.push('kakao');
  if (env.canWebShare) methods.push('web-share');
  methods.push('clipboard');
  return methods;
}

/** `shared`: a share sheet took it; `copied`: the link is on the clipboard; `cancelled`: the person closed the sheet. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('[share] clipboard API refused, trying the selection copy', error);
  }
  // Older browsers and insecure origins: copy through a selected, off-screen text area.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function shareLink(link: ShareLink): Promise<ShareOutcome> {
  const kakaoJsKey = appConfig.kakaoJsKey;
  const canWebShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  for (const method of shareMethodsFor({ kakaoJsKey, canWebShare })) {
    if (method === 'kakao' && kakaoJsKey) {
      try {
        await shareWithKakao(kakaoJsKey, link);
        return 'shared';
      } catch (error) {
        console.error('[share] Kakao sharing failed', error);
      }
    }
    if (method === 'web-share') {
      try {
        await navigator.share({ title: link.title, text: link.text, url: link.url });
        return 'shared';
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
        console.warn('[share] Web Share failed', error);
      }
    }
    if (method === 'clipboard') return (await copyText(link.url)) ? 'copied' : 'failed';
  }
  return 'failed';
}
