import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { seoulToday } from '../../lib/clock.ts';
import { fullYearsOfAge } from '../age.ts';
import { challengeFor, isValidCodeVerifier } from '../pkce.ts';
import { PUBLIC, isFormRequest, record, sendUnavailable, single, type RouteContext } from './http.ts';
import { PAGE_HEADERS, renderErrorPage, renderLoginPage, type CreateDraft, type PersonView } from './page.ts';
import { EmulatorInputError, type EmulatorPerson } from './persons.ts';

const ACCESS_TOKEN_EXPIRES_IN = 21599;
const REFRESH_TOKEN_EXPIRES_IN = 5183999;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string | null;
  scope: string | null;
  prompt: string | null;
  loginHint: string | null;
  /** The original query, echoed as hidden fields of the page. */
  fields: Record<string, string>;
}

const AUTHORIZE_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'prompt',
  'login_hint',
] as const;

const createFormSchema = z.object({
  new_name: z.string().default(''),
  new_birth_date: z.string().default(''),
  new_phone: z.string().default(''),
  new_no_phone: z.string().optional(),
  new_consent: z.enum(['given', 'denied']).catch('given'),
});

/** `redirect_uri?a=1&b=2`, percent-encoding values the way Kakao does (`%20`, not `+`). */
function redirectWith(redirectUri: string, params: [string, string | null][]): string {
  const query = params
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${query}`;
}

function isAbsoluteHttpUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' && !value.includes('#');
  } catch {
    return false;
  }
}

function scopeOf(person: EmulatorPerson): string {
  const scopes = ['profile_nickname', 'name'];
  if (person.birthyear !== null) scopes.push('birthyear');
  if (person.birthday !== null) scopes.push('birthday');
  if (person.phoneNumber !== null) scopes.push('phone_number');
  return scopes.join(' ');
}

function sendErrorPage(reply: FastifyReply, failure: { code: string; detail: string }) {
  return reply.status(400).headers(PAGE_HEADERS).send(renderErrorPage(failure));
}

function redirectBack(reply: FastifyReply, url: string) {
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string, code?: string) {
  return reply.status(status).send({
    error,
    error_description: description,
    ...(code ? { error_code: code } : {}),
  });
}

/**
 * kauth: the authorize page (`GET /oauth/authorize`), its form (`POST /oauth/authorize/decide`) and
 * the token endpoint (`POST /oauth/token`, the authorization-code grant with PKCE).
 */
export function registerOAuthRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { prefix, clientId, clock, state } = context;
  const { persons } = state;

  function personView(person: EmulatorPerson): PersonView {
    const known = person.birthyear !== null && person.birthday !== null;
    return {
      id: person.id,
      name: person.name,
      birthDate: known
        ? `${person.birthyear}-${person.birthday?.slice(0, 2)}-${person.birthday?.slice(2)}`
        : null,
      age: fullYearsOfAge(person, seoulToday(clock)),
      phoneNumber: person.phoneNumber,
      denies: person.consent === 'denied',
    };
  }

  type Checked = { ok: true; request: AuthorizeRequest } | { ok: false; code: string; detail: string };

  function checkAuthorize(source: Record<string, unknown>): Checked {
    const fields: Record<string, string> = {};
    for (const name of AUTHORIZE_FIELDS) {
      const value = single(source[name]);
      if (value !== null) fields[name] = value;
    }
    if (fields.client_id !== clientId) {
      return {
        ok: false,
        code: 'KOE101',
        detail: '앱 키(client_id)가 올바르지 않습니다. 잘못된 앱 키입니다.',
      };
    }
    const redirectUri = fields.redirect_uri;
    if (
      !redirectUri ||
      !isAbsoluteHttpUri(redirectUri) ||
      (context.redirectUris && !context.redirectUris.includes(redirectUri))
    ) {
      return { ok: false, code: 'KOE006', detail: '등록되지 않은 리다이렉트 URI(redirect_uri)입니다.' };
    }
    if (fields.response_type !== 'code') {
      return { ok: false, code: 'KOE006', detail: 'response_type은 code여야 합니다.' };
    }
    const codeChallenge = fields.code_challenge ?? null;
    const method = fields.code_challenge_method ?? null;
    if (codeChallenge !== null || method !== null) {
      if (method !== 'S256' || codeChallenge === null || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
        return {
          ok: false,
          code: 'invalid_request',
          detail: 'code_challenge와 code_challenge_method=S256을 함께 보내야 합니다.',
        };
      }
    }
    return {
      ok: true,
      request: {
        clientId,
        redirectUri,
        state: fields.state ?? null,
        codeChallenge,
        scope: fields.scope ?? null,
        prompt: fields.prompt ?? null,
        loginHint: fields.login_hint ?? null,
        fields,
      },
    };
  }

  /** The end of a login: a code for a consenting person, `access_denied` otherwise. */
  function finishLogin(reply: FastifyReply, request: AuthorizeRequest, person: EmulatorPerson | null) {
    if (!person || person.consent === 'denied') {
      return redirectBack(
        reply,
        redirectWith(request.redirectUri, [
          ['error', 'access_denied'],
          ['error_description', 'User denied access'],
          ['state', request.state],
        ]),
      );
    }
    const code = state.issueCode({
      personId: person.id,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
    });
    return redirectBack(
      reply,
      redirectWith(request.redirectUri, [
        ['code', code],
        ['state', request.state],
      ]),
    );
  }

  function sendLoginPage(
    reply: FastifyReply,
    request: AuthorizeRequest,
    extra: { status?: number; error?: string; draft?: CreateDraft } = {},
  ) {
    const html = renderLoginPage({
      decideUrl: `${prefix}/oauth/authorize/decide`,
      authorize: request.fields,
      persons: persons.list().map(personView),
      error: extra.error ?? null,
      draft: extra.draft ?? null,
    });
    return reply
      .status(extra.status ?? 200)
      .headers(PAGE_HEADERS)
      .send(html);
  }

  // Authorize: Kakao's login and consent screen.
  scope.get('/oauth/authorize', PUBLIC, async (request, reply) => {
    const checked = checkAuthorize(record(request.query));
    if (!checked.ok) return sendErrorPage(reply, checked);
    const authorize = checked.request;
    const hinted = authorize.loginHint ? persons.get(authorize.loginHint) : null;
    if (hinted) return finishLogin(reply, authorize, hinted);
    if (authorize.prompt === 'none') {
      return redirectBack(
        reply,
        redirectWith(authorize.redirectUri, [
          ['error', 'login_required'],
          ['error_description', 'user authentication required.'],
          ['state', authorize.state],
        ]),
      );
    }
    return sendLoginPage(reply, authorize);
  });

  scope.post('/oauth/authorize/decide', PUBLIC, async (request, reply) => {
    const body = record(request.body);
    const checked = checkAuthorize(body);
    if (!checked.ok) return sendErrorPage(reply, checked);
    const authorize = checked.request;
    const action = single(body.action);
    if (action === 'cancel') return finishLogin(reply, authorize, null);
    if (action === 'select') {
      const id = single(body.person_id);
      const person = id ? persons.get(id) : null;
      if (!person) {
        return sendLoginPage(reply, authorize, { status: 400, error: '고른 테스트 사용자가 없습니다.' });
      }
      return finishLogin(reply, authorize, person);
    }
    if (action === 'create') {
      const form = createFormSchema.parse(body);
      const draft: CreateDraft = {
        name: form.new_name,
        birthDate: form.new_birth_date,
        phone: form.new_phone,
        noPhone: form.new_no_phone === 'on',
        consent: form.new_consent,
      };
      const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(draft.birthDate);
      if (!birth) {
        return sendLoginPage(reply, authorize, {
          status: 400,
          error: '생년월일을 YYYY-MM-DD 형식으로 입력해 주세요.',
          draft,
        });
      }
      try {
        const person = persons.create({
          name: draft.name,
          birthyear: birth[1] ?? '',
          birthday: `${birth[2]}${birth[3]}`,
          phoneNumber: draft.noPhone ? null : draft.phone,
          consent: draft.consent,
        });
        return finishLogin(reply, authorize, person);
      } catch (error) {
        if (!(error instanceof EmulatorInputError)) throw error;
        const message = error.fields.some((field) => field.path === 'phoneNumber')
          ? '전화번호는 010-1234-5678 형식으로 입력하거나 "전화번호 제공 안 함"을 고르세요.'
          : error.fields.some((field) => field.path === 'name')
            ? '이름을 1~40자로 입력해 주세요.'
            : '생년월일이 올바르지 않습니다.';
        return sendLoginPage(reply, authorize, { status: 400, error: message, draft });
      }
    }
    return sendLoginPage(reply, authorize, { status: 400, error: '알 수 없는 요청입니다.' });
  });

  // Token: the authorization-code grant with PKCE.
  scope.post('/oauth/token', PUBLIC, async (request, reply) => {
    if (state.isDown()) return sendUnavailable(reply, 'oauth');
    if (!isFormRequest(request)) {
      return oauthError(
        reply,
        400,
        'invalid_request',
        'content type must be application/x-www-form-urlencoded',
      );
    }
    const form = record(request.body);
    if (single(form.grant_type) !== 'authorization_code') {
      return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    }
    if (single(form.client_id) !== clientId) {
      return oauthError(reply, 401, 'invalid_client', 'Bad client credentials', 'KOE010');
    }
    if (context.clientSecret && single(form.client_secret) !== context.clientSecret) {
      return oauthError(reply, 401, 'invalid_client', 'Bad client credentials', 'KOE010');
    }
    const code = single(form.code) ?? '';
    const pending = state.takeCode(code); // single use, whatever happens next
    const notFound = () =>
      oauthError(reply, 400, 'invalid_grant', `authorization code not found for code=${code}`, 'KOE320');
    if (!pending || pending.clientId !== clientId) return notFound();
    if (single(form.redirect_uri) !== pending.redirectUri) {
      return oauthError(reply, 400, 'invalid_grant', 'Redirect URI mismatch.', 'KOE303');
    }
    if (pending.codeChallenge !== null) {
      const verifier = single(form.code_verifier);
      if (!verifier || !isValidCodeVerifier(verifier) || challengeFor(verifier) !== pending.codeChallenge) {
        return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed', 'KOE320');
      }
    }
    const person = persons.get(pending.personId);
    if (!person) return notFound();
    const { accessToken, refreshToken } = state.issueTokens(person, clientId);
    return reply.header('cache-control', 'no-store').send({
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_EXPIRES_IN,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_EXPIRES_IN,
      scope: scopeOf(person),
    });
  });
}
