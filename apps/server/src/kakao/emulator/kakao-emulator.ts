import formbody from '@fastify/formbody';
import { seoulDay } from '@hamkke/contract/dates';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { fullYearsOfAge } from '../age.ts';
import { demoPersons } from './demo-persons.ts';
import { challengeFor, isValidCodeVerifier } from '../pkce.ts';
import { PAGE_HEADERS, renderErrorPage, renderLoginPage, type CreateDraft, type PersonView } from './page.ts';
import {
  createPersonStore,
  EmulatorInputError,
  issuesOf,
  testUserBodySchema,
  type EmulatorPerson,
  type EmulatorPersonInput,
} from './persons.ts';

export const DEFAULT_EMULATOR_PREFIX = '/_emulator/kakao';
/** Kakao's lifetimes: codes 10 minutes at most, access tokens 6 hours, refresh tokens 60 days. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;
const ACCESS_TOKEN_EXPIRES_IN = 21599;
const REFRESH_TOKEN_EXPIRES_IN = 5183999;

export interface KakaoEmulatorOptions {
  prefix?: string;
  /** The REST API key the emulator accepts. */
  clientId: string;
  /** When set, the token endpoint also demands this `client_secret`. */
  clientSecret?: string | null;
  /** When set, only these redirect URIs are "registered"; otherwise any absolute http(s) URI is. */
  redirectUris?: readonly string[];
  /** Kakao's `app_id` in `access_token_info`. */
  appId?: number;
  clock: () => Date;
  /** The people known at start (ids kept); the demo persons when absent, none with `[]`. */
  persons?: readonly EmulatorPersonInput[];
}

export interface KakaoEmulator {
  readonly prefix: string;
  readonly clientId: string;
  /** Validates and adds a test person (a given id is kept); throws EmulatorInputError. */
  createPerson(input: EmulatorPersonInput): EmulatorPerson;
  getPerson(id: string): EmulatorPerson | null;
  listPersons(): EmulatorPerson[];
  /** "Kakao down": the token endpoint and the user API answer 503 while on. */
  setDown(down: boolean): void;
  isDown(): boolean;
}

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

interface PendingCode {
  personId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
}

interface IssuedToken {
  personId: string;
  clientId: string;
  expiresAt: number;
  refreshToken: string;
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

const PUBLIC = { config: { auth: 'public' as const } };

const testControlsSchema = z.strictObject({ down: z.boolean() });

const createFormSchema = z.object({
  new_name: z.string().default(''),
  new_birth_date: z.string().default(''),
  new_phone: z.string().default(''),
  new_no_phone: z.string().optional(),
  new_consent: z.enum(['given', 'denied']).catch('given'),
});

function single(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

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

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function ageRange(age: number | null): string | null {
  if (age === null || age < 0) return null;
  if (age < 10) return '1~9';
  if (age < 15) return '10~14';
  if (age < 20) return '15~19';
  if (age >= 90) return '90~';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}~${decade + 9}`;
}

function scopeOf(person: EmulatorPerson): string {
  const scopes = ['profile_nickname', 'name'];
  if (person.birthyear !== null) scopes.push('birthyear');
  if (person.birthday !== null) scopes.push('birthday');
  if (person.phoneNumber !== null) scopes.push('phone_number');
  return scopes.join(' ');
}

/**
 * A local Kakao (kauth + kapi) for development, tests and offline demos: Kakao's paths and JSON
 * shapes under `prefix`, all state in memory. Every route is public to the app's auth hook; the
 * form parser stays inside the emulator's scope. Never register it when real Kakao keys are used.
 */
export function registerKakaoEmulator(app: FastifyInstance, options: KakaoEmulatorOptions): KakaoEmulator {
  const prefix = (options.prefix ?? DEFAULT_EMULATOR_PREFIX).replace(/\/+$/, '');
  const { clientId, clock } = options;
  const appId = options.appId ?? 1234567;
  const persons = createPersonStore(clock);
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, IssuedToken>();
  let down = false;

  for (const person of options.persons ?? demoPersons) persons.create(person);

  const now = () => clock().getTime();
  const secret = () => randomBytes(40).toString('base64url');

  function dropExpired(): void {
    const at = now();
    for (const [code, pending] of codes) if (pending.expiresAt <= at) codes.delete(code);
    for (const [token, issued] of tokens) if (issued.expiresAt <= at) tokens.delete(token);
  }

  function personView(person: EmulatorPerson): PersonView {
    const known = person.birthyear !== null && person.birthday !== null;
    return {
      id: person.id,
      name: person.name,
      birthDate: known
        ? `${person.birthyear}-${person.birthday?.slice(0, 2)}-${person.birthday?.slice(2)}`
        : null,
      age: fullYearsOfAge(person, seoulDay(clock())),
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
      (options.redirectUris && !options.redirectUris.includes(redirectUri))
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

  function sendErrorPage(reply: FastifyReply, failure: { code: string; detail: string }) {
    return reply.status(400).headers(PAGE_HEADERS).send(renderErrorPage(failure));
  }

  function redirectBack(reply: FastifyReply, url: string) {
    return reply.header('cache-control', 'no-store').redirect(url, 302);
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
    dropExpired();
    const code = secret();
    codes.set(code, {
      personId: person.id,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      expiresAt: now() + CODE_TTL_MS,
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

  function oauthError(
    reply: FastifyReply,
    status: number,
    error: string,
    description: string,
    code?: string,
  ) {
    return reply.status(status).send({
      error,
      error_description: description,
      ...(code ? { error_code: code } : {}),
    });
  }

  function sendUnavailable(reply: FastifyReply, kind: 'oauth' | 'api') {
    const body =
      kind === 'oauth'
        ? { error: 'server_error', error_description: 'Kakao is temporarily unavailable (emulator down)' }
        : { msg: 'service is temporarily unavailable (emulator down)', code: -7 };
    return reply.status(503).header('retry-after', '5').send(body);
  }

  /** The live token of a kapi call, or an answer already sent. */
  function authenticate(request: FastifyRequest, reply: FastifyReply): IssuedToken | null {
    const token = bearer(request);
    const issued = token ? tokens.get(token) : undefined;
    if (!token || !issued || issued.expiresAt <= now()) {
      if (token) tokens.delete(token);
      void reply.status(401).send({ msg: 'this access token does not exist', code: -401 });
      return null;
    }
    return issued;
  }

  function userMeBody(person: EmulatorPerson): string {
    const age = fullYearsOfAge(person, seoulDay(clock()));
    const range = ageRange(age);
    const account: Record<string, unknown> = {
      profile_nickname_needs_agreement: false,
      profile: { nickname: person.name, is_default_image: true },
      name_needs_agreement: false,
      name: person.name,
      age_range_needs_agreement: range === null,
      ...(range === null ? {} : { age_range: range }),
      birthyear_needs_agreement: person.birthyear === null,
      ...(person.birthyear === null ? {} : { birthyear: person.birthyear }),
      birthday_needs_agreement: person.birthday === null,
      ...(person.birthday === null
        ? {}
        : { birthday: person.birthday, birthday_type: 'SOLAR', is_leap_month: false }),
      phone_number_needs_agreement: person.phoneNumber === null,
      ...(person.phoneNumber === null ? {} : { phone_number: person.phoneNumber }),
    };
    // The id is written as a raw number literal, as Kakao does, so 19-digit ids stay exact.
    return `{"id":${person.id},"connected_at":${JSON.stringify(person.connectedAt)},"kakao_account":${JSON.stringify(account)}}`;
  }

  function sendJsonText(reply: FastifyReply, text: string) {
    return reply.type('application/json;charset=UTF-8').send(text);
  }

  app.register(
    async (scope) => {
      if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) await scope.register(formbody);

      scope.setErrorHandler((error: FastifyError, _request, reply) => {
        const status =
          error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) scope.log.error({ err: error }, 'kakao emulator failed');
        return reply
          .status(status)
          .send(status === 500 ? { msg: 'internal error', code: -1 } : { msg: 'invalid request', code: -2 });
      });

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
        if (down) return sendUnavailable(reply, 'oauth');
        const contentType = request.headers['content-type'] ?? '';
        if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
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
        if (options.clientSecret && single(form.client_secret) !== options.clientSecret) {
          return oauthError(reply, 401, 'invalid_client', 'Bad client credentials', 'KOE010');
        }
        const code = single(form.code) ?? '';
        const pending = codes.get(code);
        codes.delete(code); // single use, whatever happens next
        const notFound = () =>
          oauthError(reply, 400, 'invalid_grant', `authorization code not found for code=${code}`, 'KOE320');
        if (!pending || pending.expiresAt <= now() || pending.clientId !== clientId) return notFound();
        if (single(form.redirect_uri) !== pending.redirectUri) {
          return oauthError(reply, 400, 'invalid_grant', 'Redirect URI mismatch.', 'KOE303');
        }
        if (pending.codeChallenge !== null) {
          const verifier = single(form.code_verifier);
          if (
            !verifier ||
            !isValidCodeVerifier(verifier) ||
            challengeFor(verifier) !== pending.codeChallenge
          ) {
            return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed', 'KOE320');
          }
        }
        const person = persons.get(pending.personId);
        if (!person) return notFound();
        dropExpired();
        const accessToken = secret();
        const refreshToken = secret();
        tokens.set(accessToken, {
          personId: person.id,
          clientId,
          expiresAt: now() + ACCESS_TOKEN_TTL_MS,
          refreshToken,
        });
        return reply.header('cache-control', 'no-store').send({
          token_type: 'bearer',
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_EXPIRES_IN,
          refresh_token: refreshToken,
          refresh_token_expires_in: REFRESH_TOKEN_EXPIRES_IN,
          scope: scopeOf(person),
        });
      });

      // The user API (kapi).
      const userMe = async (request: FastifyRequest, reply: FastifyReply) => {
        if (down) return sendUnavailable(reply, 'api');
        const issued = authenticate(request, reply);
        if (!issued) return reply;
        const person = persons.get(issued.personId);
        if (!person) return reply.status(401).send({ msg: 'this access token does not exist', code: -401 });
        return sendJsonText(reply, userMeBody(person));
      };
      scope.get('/v2/user/me', PUBLIC, userMe);
      scope.post('/v2/user/me', PUBLIC, userMe);

      scope.get('/v1/user/access_token_info', PUBLIC, async (request, reply) => {
        if (down) return sendUnavailable(reply, 'api');
        const issued = authenticate(request, reply);
        if (!issued) return reply;
        const expiresIn = Math.max(0, Math.floor((issued.expiresAt - now()) / 1000));
        return sendJsonText(reply, `{"id":${issued.personId},"expires_in":${expiresIn},"app_id":${appId}}`);
      });

      scope.post('/v1/user/unlink', PUBLIC, async (request, reply) => {
        if (down) return sendUnavailable(reply, 'api');
        const issued = authenticate(request, reply);
        if (!issued) return reply;
        for (const [token, other] of tokens) {
          if (other.personId === issued.personId && other.clientId === issued.clientId) tokens.delete(token);
        }
        for (const [code, pending] of codes) if (pending.personId === issued.personId) codes.delete(code);
        return sendJsonText(reply, `{"id":${issued.personId}}`);
      });

      scope.post('/v1/user/logout', PUBLIC, async (request, reply) => {
        if (down) return sendUnavailable(reply, 'api');
        const issued = authenticate(request, reply);
        if (!issued) return reply;
        const token = bearer(request);
        if (token) tokens.delete(token);
        return sendJsonText(reply, `{"id":${issued.personId}}`);
      });

      // For scripts and tests.
      scope.get('/test-users', PUBLIC, async (_request, reply) =>
        reply.send(
          persons.list().map((person) => ({
            id: person.id,
            name: person.name,
            birthyear: person.birthyear,
            birthday: person.birthday,
            phone_number: person.phoneNumber,
            consent: person.consent,
          })),
        ),
      );

      scope.post('/test-users', PUBLIC, async (request, reply) => {
        const parsed = testUserBodySchema.safeParse(request.body);
        if (!parsed.success) {
          return reply
            .status(400)
            .send({ msg: 'invalid test user', code: -2, fields: issuesOf(parsed.error) });
        }
        const data = parsed.data;
        try {
          const person = persons.create({
            ...(data.id === undefined ? {} : { id: data.id }),
            name: data.name,
            birthyear: data.birthyear,
            birthday: data.birthday,
            phoneNumber: data.phone_number,
            consent: data.consent,
          });
          return reply.status(201).send({ id: person.id });
        } catch (error) {
          if (!(error instanceof EmulatorInputError)) throw error;
          const taken = error.fields.some((field) => field.path === 'id');
          return reply.status(taken ? 409 : 400).send({ msg: error.message, code: -2, fields: error.fields });
        }
      });

      scope.post('/test-controls', PUBLIC, async (request, reply) => {
        const parsed = testControlsSchema.safeParse(request.body);
        if (!parsed.success) {
          return reply
            .status(400)
            .send({ msg: 'invalid test controls', code: -2, fields: issuesOf(parsed.error) });
        }
        down = parsed.data.down;
        return reply.send({ down });
      });
    },
    { prefix },
  );

  return {
    prefix,
    clientId,
    createPerson: (input) => persons.create(input),
    getPerson: (id) => persons.get(id),
    listPersons: () => persons.list(),
    setDown: (value) => {
      down = value;
    },
    isDown: () => down,
  };
}
