import { randomBytes } from 'node:crypto';
import {
  createPersonStore,
  type EmulatorPerson,
  type EmulatorPersonInput,
  type PersonStore,
} from './persons.ts';

/** Kakao's lifetimes: codes 10 minutes at most, access tokens 6 hours, refresh tokens 60 days. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

/** Messages kept per person; the oldest go first, so a long-running demo does not grow without end. */
export const MAX_MESSAGES_PER_PERSON = 100;

export interface PendingCode {
  personId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
}

export interface IssuedToken {
  personId: string;
  clientId: string;
  expiresAt: number;
  refreshToken: string;
}

/** A "send to me" message as the emulator received it. */
export interface EmulatorMessage {
  /** The parsed `template_object`. */
  templateObject: Record<string, unknown>;
  /** ISO instant of the emulator's clock. */
  sentAt: string;
}

/**
 * Everything the emulator knows, in memory: people, pending authorization codes, live access
 * tokens, sent messages and the "Kakao down" switch. No HTTP here.
 */
export function createEmulatorState(clock: () => Date, initialPersons: readonly EmulatorPersonInput[]) {
  const persons: PersonStore = createPersonStore(clock);
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, IssuedToken>();
  const messages = new Map<string, EmulatorMessage[]>();
  let down = false;

  for (const person of initialPersons) persons.create(person);

  const now = () => clock().getTime();
  const secret = () => randomBytes(40).toString('base64url');

  function dropExpired(): void {
    const at = now();
    for (const [code, pending] of codes) if (pending.expiresAt <= at) codes.delete(code);
    for (const [token, issued] of tokens) if (issued.expiresAt <= at) tokens.delete(token);
  }

  return {
    persons,
    now,

    isDown: () => down,
    setDown(value: boolean): void {
      down = value;
    },

    /** A new single-use authorization code for a person, valid for CODE_TTL_MS. */
    issueCode(input: Omit<PendingCode, 'expiresAt'>): string {
      dropExpired();
      const code = secret();
      codes.set(code, { ...input, expiresAt: now() + CODE_TTL_MS });
      return code;
    },

    /** The pending code, removed whatever happens next (codes are single use); expired ones are not returned. */
    takeCode(code: string): PendingCode | null {
      const pending = codes.get(code);
      codes.delete(code);
      return pending && pending.expiresAt > now() ? pending : null;
    },

    /** A new access token (valid ACCESS_TOKEN_TTL_MS) with its refresh token. */
    issueTokens(person: EmulatorPerson, clientId: string): { accessToken: string; refreshToken: string } {
      dropExpired();
      const accessToken = secret();
      const refreshToken = secret();
      tokens.set(accessToken, {
        personId: person.id,
        clientId,
        expiresAt: now() + ACCESS_TOKEN_TTL_MS,
        refreshToken,
      });
      return { accessToken, refreshToken };
    },

    /** The live token, or `null`; an expired token is forgotten. */
    liveToken(token: string): IssuedToken | null {
      const issued = tokens.get(token);
      if (!issued || issued.expiresAt <= now()) {
        tokens.delete(token);
        return null;
      }
      return issued;
    },

    revokeToken(token: string): void {
      tokens.delete(token);
    },

    /** Unlink: every token of the person for this app, and every pending code of the person. */
    unlink(issued: IssuedToken): void {
      for (const [token, other] of tokens) {
        if (other.personId === issued.personId && other.clientId === issued.clientId) tokens.delete(token);
      }
      for (const [code, pending] of codes) if (pending.personId === issued.personId) codes.delete(code);
    },

    recordMessage(personId: string, templateObject: Record<string, unknown>): void {
      const list = messages.get(personId) ?? [];
      list.push({ templateObject, sentAt: clock().toISOString() });
      if (list.length > MAX_MESSAGES_PER_PERSON) list.splice(0, list.length - MAX_MESSAGES_PER_PERSON);
      messages.set(personId, list);
    },

    /** The person's messages, oldest first (newest last). */
    messagesOf(personId: string): EmulatorMessage[] {
      return [...(messages.get(personId) ?? [])];
    },
  };
}
export type EmulatorState = ReturnType<typeof createEmulatorState>;
