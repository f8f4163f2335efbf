/**
 * KakaoTalk and LINE open links in their own in-app browsers, where Kakao login and sharing misbehave.
 * The app sends those visitors to the phone's real browser (spec §6, guide/kakao.md "In-app browsers").
 */

export type InAppBrowserEscape =
  { kind: 'scheme'; url: string } | { kind: 'intent'; url: string } | { kind: 'param'; url: string };

const LINE_EXTERNAL_PARAM = 'openExternalBrowser';

function isKakaoTalk(userAgent: string): boolean {
  return userAgent.includes('KAKAOTALK');
}

function isLine(userAgent: string): boolean {
  return userAgent.includes(' Line/');
}

function isAndroid(userAgent: string): boolean {
  return /Android/i.test(userAgent);
}

function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

/** Where to send this visitor to leave the in-app browser, or `null` to stay. */
export function inAppBrowserEscape(userAgent: string, href: string): InAppBrowserEscape | null {
  const kakao = isKakaoTalk(userAgent);
  const line = isLine(userAgent);
  if (!kakao && !line) return null;

  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }

  // Android: hand the page to Chrome by intent; the fragment cannot travel inside an intent URL.
  if (isAndroid(userAgent)) {
    const scheme = url.protocol.replace(/:$/, '');
    return {
      kind: 'intent',
      url: `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${scheme};package=com.android.chrome;end`,
    };
  }

  if (kakao) {
    if (!isIos(userAgent)) return null;
    return { kind: 'scheme', url: `kakaotalk://web/openExternal?url=${encodeURIComponent(href)}` };
  }

  // LINE opens a page carrying this parameter in the default browser; once it is there, stop asking.
  if (url.searchParams.get(LINE_EXTERNAL_PARAM) === '1') return null;
  url.searchParams.set(LINE_EXTERNAL_PARAM, '1');
  return { kind: 'param', url: url.toString() };
}
