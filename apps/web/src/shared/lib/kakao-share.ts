/** Kakao's JavaScript SDK, loaded from Kakao's CDN only when someone shares and a key is configured. */
const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

interface KakaoSdk {
  init: (key: string) => void;
  isInitialized: () => boolean;
  Share: {
    sendDefault: (template: {
      objectType: 'text';
      text: string;
      link: { mobileWebUrl: string; webUrl: string };
    }) => void;
  };
}

declare global {
  interface Window {
    Kakao?: KakaoSdk;
  }
}

let loading: Promise<KakaoSdk> | null = null;

function loadKakaoSdk(): Promise<KakaoSdk> {
  if (window.Kakao) return Promise.resolve(window.Kakao);
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = KAKAO_SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => (window.Kakao ? resolve(window.Kakao) : reject(new Error('Kakao SDK missing')));
    script.onerror = () => reject(new Error('Kakao SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A link to share (share.ts): where it goes, and the title and text that go with it. */
export interface ShareLink {
  url: string;
  title: string;
  text: string;
}

/** Opens KakaoTalk's share screen with a text card that links to the shared day. */
export async function shareWithKakao(key: string, link: ShareLink): Promise<void> {
  const kakao = await loadKakaoSdk();
  if (!kakao.isInitialized()) kakao.init(key);
  kakao.Share.sendDefault({
    objectType: 'text',
    text: `${link.title}\n${link.text}`,
    link: { mobileWebUrl: link.url, webUrl: link.url },
  });
}
