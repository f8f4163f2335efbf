import { z } from 'zod';
import { readTopLevelId } from './raw-json.ts';

/** Kakao's production hosts; the emulator serves the same paths under its own prefix. */
export const KAKAO_AUTH_BASE_URL = 'https://kauth.kakao.com';
export const KAKAO_API_BASE_URL = 'https://kapi.kakao.com';
export const DEFAULT_KAKAO_TIMEOUT_MS = 5000;

export type KakaoErrorKind =
  'INVALID_GRANT' | 'INVALID_CLIENT' | 'INVALID_TOKEN' | 'UNAVAILABLE' | 'PROTOCOL';

/**
 * Every failure of a Kakao call. `message` names the call and Kakao's error code, never a token,
 * an authorization code or a person's data, so it is safe to log.
 */
export class KakaoError extends Error {
  readonly kind: KakaoErrorKind;
  /** HTTP status of Kakao's answer; `null` when none arrived (network error, time-out). */
  readonly status: number | null;
  /** Kakao's own code: `KOE320`, `invalid_grant`, `-401`…; `null` when none was given. */
  readonly kakaoCode: string | null;

  constructor(
    kind: KakaoErrorKind,
    message: string,
    details: { status?: number | null; kakaoCode?: string | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'KakaoError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.kakaoCode = details.kakaoCode ?? null;
  }
}

export interface KakaoTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
  /** Space-separated consented scopes, when Kakao sends them. */
  scope: string | null;
}

/** The social profile as the login flow reads it (spec §3). Fields the person did not consent to are `null`. */
export interface KakaoProfile {
  /** Kakao's 64-bit id as a decimal string, exact to the last digit. */
  kakaoId: string;
  name: string | null;
  /** `YYYY`. */
  birthyear: string | null;
  /** `MMDD`. */
  birthday: string | null;
  /** As Kakao writes it: `+82 10-1234-5678`. */
  phoneNumber: string | null;
}

export interface AuthorizeUrlInput {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  loginHint?: string;
  prompt?: 'login' | 'none' | 'create' | 'select_account';
}

export interface KakaoClientOptions {
  /** `https://kauth.kakao.com`, or the emulator's base such as `http://localhost/_emulator/kakao`. */
  authBaseUrl: string;
  /** `https://kapi.kakao.com`, or the same emulator base. */
  apiBaseUrl: string;
  /** The app's REST API key. */
  clientId: string;
  clientSecret?: string | null;
  fetch: typeof fetch;
  timeoutMs?: number;
}

const tokenResponseSchema = z.object({
  token_type: z.string().optional(),
  access_token: z.string().min(1),
  expires_in: z.number().int().nonnegative(),
  refresh_token: z.string().min(1),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});

/** A consented text field; absent, empty or of another type: `null`. */
const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null));

const profileResponseSchema = z.object({
  id: z.union([z.number(), z.string()]),
  kakao_account: z
    .object({
      name: optionalText,
      birthyear: optionalText,
      birthday: optionalText,
      phone_number: optionalText,
    })
    .nullish(),
});

const oauthErrorSchema = z.object({
  error: z.string(),
  error_code: z.string().optional(),
});
const apiErrorSchema = z.object({ code: z.number(), msg: z.string().optional() });
const memoResponseSchema = z.object({ result_code: z.literal(0) });

/** Kakao API codes that mean "try again later" (-1 internal, -7 service down, -603 time-out). */
const TEMPORARY_API_CODES = new Set([-1, -7, -603]);

function trimSlash(base: string): string {
  return base.replace(/\/+$/, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Call = 'token' | 'profile' | 'unlink' | 'logout' | 'memo';

/** Maps a non-2xx answer of the token endpoint (kauth) to a KakaoError. */
function oauthFailure(status: number, body: unknown): KakaoError {
  const parsed = oauthErrorSchema.safeParse(body);
  const kakaoCode = parsed.success ? (parsed.data.error_code ?? parsed.data.error) : null;
  const what = `Kakao token exchange failed with ${status}${kakaoCode ? ` (${kakaoCode})` : ''}`;
  if (status >= 500 || status === 429) return new KakaoError('UNAVAILABLE', what, { status, kakaoCode });
  if (parsed.success && parsed.data.error === 'invalid_grant') {
    return new KakaoError('INVALID_GRANT', what, { status, kakaoCode });
  }
  if ((parsed.success && parsed.data.error === 'invalid_client') || status === 401) {
    return new KakaoError('INVALID_CLIENT', what, { status, kakaoCode });
  }
  return new KakaoError('PROTOCOL', what, { status, kakaoCode });
}

/** Maps a non-2xx answer of the user API (kapi) to a KakaoError. */
function apiFailure(call: Call, status: number, body: unknown): KakaoError {
  const parsed = apiErrorSchema.safeParse(body);
  const code = parsed.success ? parsed.data.code : null;
  const kakaoCode = code === null ? null : String(code);
  const what = `Kakao ${call} call failed with ${status}${kakaoCode ? ` (${kakaoCode})` : ''}`;
  if (status === 401 || code === -401) return new KakaoError('INVALID_TOKEN', what, { status, kakaoCode });
  if (status >= 500 || status === 429 || (code !== null && TEMPORARY_API_CODES.has(code))) {
    return new KakaoError('UNAVAILABLE', what, { status, kakaoCode });
  }
  return new KakaoError('PROTOCOL', what, { status, kakaoCode });
}

/**
 * The server's Kakao client. The same code talks to Kakao and to the local emulator: only the base
 * URLs and the `fetch` differ (see `injectFetch`).
 */
export function createKakaoClient(options: KakaoClientOptions) {
  const authBase = trimSlash(options.authBaseUrl);
  const apiBase = trimSlash(options.apiBaseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_KAKAO_TIMEOUT_MS;
  const doFetch = options.fetch;

  async function send(call: Call, url: string, init: RequestInit): Promise<{ status: number; text: string }> {
    try {
      const response = await doFetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const why = timedOut ? `timed out after ${timeoutMs} ms` : 'could not reach Kakao';
      throw new KakaoError('UNAVAILABLE', `Kakao ${call} call ${why}`, { cause: error });
    }
  }

  /** A kapi call with the person's token: a JSON object on 2xx, a KakaoError otherwise. */
  async function callApi(
    call: Call,
    path: string,
    accessToken: string,
    method: 'GET' | 'POST',
    form?: URLSearchParams,
  ) {
    if (!accessToken) throw new KakaoError('INVALID_TOKEN', `Kakao ${call} call needs an access token`);
    const { status, text } = await send(call, `${apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' } : {}),
      },
      ...(form === undefined ? {} : { body: form.toString() }),
    });
    const body = parseJson(text);
    if (status < 200 || status >= 300) throw apiFailure(call, status, body);
    if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new KakaoError('PROTOCOL', `Kakao ${call} answered ${status} without a JSON object`, { status });
    }
    return { body, text, status };
  }

  /** A user API call, whose answer names the person by a numeric top-level `id`. */
  async function callUserApi(call: Call, path: string, accessToken: string, method: 'GET' | 'POST') {
    const { body, text, status } = await callApi(call, path, accessToken, method);
    const kakaoId = readTopLevelId(text, 'id');
    if (kakaoId === null) {
      throw new KakaoError('PROTOCOL', `Kakao ${call} answered without a numeric id`, { status });
    }
    return { body, kakaoId, status };
  }

  return {
    /** The address the browser is sent to. `state` and the PKCE challenge are always sent. */
    authorizeUrl(input: AuthorizeUrlInput): string {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      });
      if (input.loginHint) query.set('login_hint', input.loginHint);
      if (input.prompt) query.set('prompt', input.prompt);
      return `${authBase}/oauth/authorize?${query.toString()}`;
    },

    /** Exchanges a single-use authorization code (with its PKCE verifier) for tokens. */
    async exchangeCode(input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<KakaoTokens> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: options.clientId,
        redirect_uri: input.redirectUri,
        code: input.code,
        code_verifier: input.codeVerifier,
      });
      if (options.clientSecret) form.set('client_secret', options.clientSecret);
      const { status, text } = await send('token', `${authBase}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: form.toString(),
      });
      const body = parseJson(text);
      if (status < 200 || status >= 300) throw oauthFailure(status, body);
      const parsed = tokenResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw new KakaoError('PROTOCOL', `Kakao token exchange answered ${status} with an unexpected shape`, {
          status,
        });
      }
      return {
        accessToken: parsed.data.access_token,
        refreshToken: parsed.data.refresh_token,
        expiresIn: parsed.data.expires_in,
        scope: parsed.data.scope ?? null,
      };
    },

    /** `GET /v2/user/me`, normalized; the id is read from the raw text so 19-digit ids stay exact. */
    async getProfile(accessToken: string): Promise<KakaoProfile> {
      const { body, kakaoId, status } = await callUserApi('profile', '/v2/user/me', accessToken, 'GET');
      const parsed = profileResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw new KakaoError('PROTOCOL', `Kakao profile answered ${status} with an unexpected shape`, {
          status,
        });
      }
      const account = parsed.data.kakao_account;
      return {
        kakaoId,
        name: account?.name ?? null,
        birthyear: account?.birthyear ?? null,
        birthday: account?.birthday ?? null,
        phoneNumber: account?.phone_number ?? null,
      };
    },

    /** Disconnects the person from the app at Kakao (`POST /v1/user/unlink`). */
    async unlink(accessToken: string): Promise<{ kakaoId: string }> {
      const { kakaoId } = await callUserApi('unlink', '/v1/user/unlink', accessToken, 'POST');
      return { kakaoId };
    },

    /** Expires the person's Kakao tokens (`POST /v1/user/logout`). */
    async logout(accessToken: string): Promise<{ kakaoId: string }> {
      const { kakaoId } = await callUserApi('logout', '/v1/user/logout', accessToken, 'POST');
      return { kakaoId };
    },

    /**
     * "Send to me" (`POST /v2/api/talk/memo/default/send`): a KakaoTalk message from the person to
     * themselves, built from a default template (`object_type` `text`, `feed`, …). Needs the
     * person's `talk_message` consent at real Kakao.
     */
    async sendToMe(accessToken: string, templateObject: object): Promise<{ ok: true }> {
      const form = new URLSearchParams({ template_object: JSON.stringify(templateObject) });
      const { body, status } = await callApi(
        'memo',
        '/v2/api/talk/memo/default/send',
        accessToken,
        'POST',
        form,
      );
      if (!memoResponseSchema.safeParse(body).success) {
        throw new KakaoError('PROTOCOL', `Kakao memo answered ${status} without result_code 0`, { status });
      }
      return { ok: true };
    },
  };
}
export type KakaoClient = ReturnType<typeof createKakaoClient>;

/** Kakao's `+82 10-1234-5678` → the domestic digits `01012345678`; `null` when it is not a Korean number. */
export function toDomesticPhoneNumber(kakaoPhoneNumber: string): string | null {
  const trimmed = kakaoPhoneNumber.trim();
  const digits = trimmed.replace(/[\s-]/g, '');
  const national = digits.startsWith('+82') ? `0${digits.slice(3).replace(/^0/, '')}` : digits;
  return /^0\d{8,10}$/.test(national) ? national : null;
}
