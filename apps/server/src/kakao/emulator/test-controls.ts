import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, record, single, type RouteContext } from './http.ts';
import { EmulatorInputError, issuesOf, testUserBodySchema } from './persons.ts';

const testControlsSchema = z.strictObject({ down: z.boolean() });

/**
 * For scripts and tests, beside Kakao's own paths: list and create test people
 * (`/test-users`), read what was sent to a person (`/test-users/:id/messages`) and switch
 * "Kakao down" on and off (`/test-controls`).
 */
export function registerTestControlRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { state } = context;
  const { persons } = state;

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
      return reply.status(400).send({ msg: 'invalid test user', code: -2, fields: issuesOf(parsed.error) });
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

  // The "send to me" messages a person received, newest last.
  scope.get('/test-users/:id/messages', PUBLIC, async (request, reply) => {
    const id = single(record(request.params).id) ?? '';
    if (!persons.get(id)) return reply.status(404).send({ msg: 'no such test user', code: -2 });
    return reply.send(
      state.messagesOf(id).map((message) => ({
        template_object: message.templateObject,
        sent_at: message.sentAt,
      })),
    );
  });

  scope.post('/test-controls', PUBLIC, async (request, reply) => {
    const parsed = testControlsSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ msg: 'invalid test controls', code: -2, fields: issuesOf(parsed.error) });
    }
    state.setDown(parsed.data.down);
    return reply.send({ down: parsed.data.down });
  });
}
