/* Without zod: the web app's first load reads these. */

/** Spec §9: the HttpOnly cookie that keeps a child signed in on one device. */
export const AUTO_LOGIN_COOKIE = 'autoLogin';

/**
 * Beside the HttpOnly `autoLogin` cookie the server sets this readable one (no secret, `1`), so the
 * web app knows a child's auto-login waits on this device without a call, and can forget it itself
 * at logout even when no call gets through (issue 25, decision 023).
 */
export const AUTO_LOGIN_HINT_COOKIE = 'autoLoginOn';
