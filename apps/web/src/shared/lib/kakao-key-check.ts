/**
 * Spec §8: a missing social SDK key logs a console error. It is said once, when the app starts
 * (main.tsx), not again at every share: sharing then uses the share sheet or copies the link.
 */
let reported = false;

/** Logs the missing Kakao JS key once per page load; true when this call logged it. */
export function reportMissingKakaoKey(kakaoJsKey: string | null): boolean {
  if (kakaoJsKey || reported) return false;
  reported = true;
  console.error(
    '[share] the Kakao JS key is not configured (KAKAO_JS_KEY); sharing uses the share sheet or copies the link',
  );
  return true;
}
