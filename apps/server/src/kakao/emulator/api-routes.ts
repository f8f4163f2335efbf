import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seoulToday } from '../../lib/clock.ts';
import { fullYearsOfAge } from '../age.ts';
import {
  INVALID_TOKEN_BODY,
  PUBLIC,
  bearer,
  isFormRequest,
  record,
  sendJsonText,
  sendUnavailable,
  single,
  type RouteContext,
} from './http.ts';
import type { EmulatorPerson } from './persons.ts';
import type { EmulatorState, IssuedToken } from './state.ts';

function ageRange(age: number | null): string | null {
  if (age === null || age < 0) return null;
  if (age < 10) return '1~9';
  if (age < 15) return '10~14';
  if (age < 20) return '15~19';
  if (age >= 90) return '90~';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}~${decade + 9}`;
}

function userMeBody(person: EmulatorPerson, today: string): string {
  const age = fullYearsOfAge(person, today);
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

/** The `template_object` form field as a JSON object, or Kakao's `-2` message for a bad one. */
function parseTemplateObject(
  value: unknown,
): { ok: true; template: Record<string, unknown> } | { ok: false; msg: string } {
  const text = single(value);
  if (text === null || text.trim() === '') return { ok: false, msg: 'template_object must not be null' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, msg: 'template_object is not a valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, msg: 'template_object must be a JSON object' };
  }
  return { ok: true, template: parsed as Record<string, unknown> };
}

/** The live token of a kapi call, or an answer already sent. */
function authenticate(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
): IssuedToken | null {
  const token = bearer(request);
  const issued = token ? state.liveToken(token) : null;
  if (!issued) {
    void reply.status(401).send(INVALID_TOKEN_BODY);
    return null;
  }
  return issued;
}

/**
 * kapi: the user API (`/v2/user/me`, `access_token_info`, unlink, logout) and the "send to me"
 * message API (`/v2/api/talk/memo/default/send`). Each answers 503 while Kakao is down and 401 to
 * a missing, unknown or expired access token.
 */
export function registerApiRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { appId, clock, state } = context;
  const { persons } = state;

  const userMe = async (request: FastifyRequest, reply: FastifyReply) => {
    if (state.isDown()) return sendUnavailable(reply, 'api');
    const issued = authenticate(state, request, reply);
    if (!issued) return reply;
    const person = persons.get(issued.personId);
    if (!person) return reply.status(401).send(INVALID_TOKEN_BODY);
    return sendJsonText(reply, userMeBody(person, seoulToday(clock)));
  };
  scope.get('/v2/user/me', PUBLIC, userMe);
  scope.post('/v2/user/me', PUBLIC, userMe);

  scope.get('/v1/user/access_token_info', PUBLIC, async (request, reply) => {
    if (state.isDown()) return sendUnavailable(reply, 'api');
    const issued = authenticate(state, request, reply);
    if (!issued) return reply;
    const expiresIn = Math.max(0, Math.floor((issued.expiresAt - state.now()) / 1000));
    return sendJsonText(reply, `{"id":${issued.personId},"expires_in":${expiresIn},"app_id":${appId}}`);
  });

  scope.post('/v1/user/unlink', PUBLIC, async (request, reply) => {
    if (state.isDown()) return sendUnavailable(reply, 'api');
    const issued = authenticate(state, request, reply);
    if (!issued) return reply;
    state.unlink(issued);
    return sendJsonText(reply, `{"id":${issued.personId}}`);
  });

  scope.post('/v1/user/logout', PUBLIC, async (request, reply) => {
    if (state.isDown()) return sendUnavailable(reply, 'api');
    const issued = authenticate(state, request, reply);
    if (!issued) return reply;
    const token = bearer(request);
    if (token) state.revokeToken(token);
    return sendJsonText(reply, `{"id":${issued.personId}}`);
  });

  // "Send to me" (나에게 보내기): the message is kept for the person, see the test controls.
  scope.post('/v2/api/talk/memo/default/send', PUBLIC, async (request, reply) => {
    if (state.isDown()) return sendUnavailable(reply, 'api');
    const issued = authenticate(state, request, reply);
    if (!issued) return reply;
    const person = persons.get(issued.personId);
    if (!person) return reply.status(401).send(INVALID_TOKEN_BODY);
    const form = isFormRequest(request) ? record(request.body) : {};
    const checked = parseTemplateObject(form.template_object);
    if (!checked.ok) return reply.status(400).send({ msg: checked.msg, code: -2 });
    state.recordMessage(person.id, checked.template);
    return reply.send({ result_code: 0 });
  });
}
