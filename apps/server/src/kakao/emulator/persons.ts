import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { parseKakaoBirthDate } from '../age.ts';

/** Largest Kakao id: ids are signed 64-bit integers. */
const MAX_KAKAO_ID = 9223372036854775807n;

export type EmulatorConsent = 'given' | 'denied';

/** A Kakao test person as code creates one; `null` birth fields model a person who did not consent to them. */
export interface EmulatorPersonInput {
  /** A decimal Kakao id; generated (10 digits) when absent. */
  id?: string;
  name: string;
  /** `YYYY` */
  birthyear: string | null;
  /** `MMDD` */
  birthday: string | null;
  /** Any Korean mobile spelling (`010-1234-5678`, `+82 10-1234-5678`); `null` or absent: no phone number. */
  phoneNumber?: string | null;
  /** `denied`: the person cancels Kakao's consent screen, so the app gets `access_denied`. */
  consent?: EmulatorConsent;
}

export interface EmulatorPerson {
  id: string;
  name: string;
  birthyear: string | null;
  birthday: string | null;
  /** Kakao's form: `+82 10-1234-5678`. */
  phoneNumber: string | null;
  consent: EmulatorConsent;
  /** ISO instant without milliseconds, as Kakao's `connected_at`. */
  connectedAt: string;
}

export const kakaoIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'must be a positive decimal integer')
  .refine((id) => !/^\d+$/.test(id) || BigInt(id) <= MAX_KAKAO_ID, 'must fit in 64 bits');

/** Kakao's `+82 10-1234-5678` form of a Korean mobile number, or `null` when it is not one. */
export function toKakaoPhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  let national: string;
  if (compact.startsWith('+82')) national = compact.slice(3).replace(/^0/, '');
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  if (!/^1[016789]\d{7,8}$/.test(national)) return null;
  return `+82 ${national.slice(0, 2)}-${national.slice(2, -4)}-${national.slice(-4)}`;
}

const nameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters');

const phoneSchema = z
  .string()
  .nullable()
  .optional()
  .transform((value, context) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const formatted = toKakaoPhoneNumber(value);
    if (!formatted) {
      context.addIssue({ code: 'custom', message: 'must be a Korean mobile number such as 010-1234-5678' });
      return z.NEVER;
    }
    return formatted;
  });

const birthFields = {
  birthyear: z
    .string()
    .regex(/^\d{4}$/, 'must be YYYY')
    .nullable(),
  birthday: z
    .string()
    .regex(/^\d{4}$/, 'must be MMDD')
    .nullable(),
};

function realBirthDate(value: { birthyear: string | null; birthday: string | null }): boolean {
  if (value.birthyear === null || value.birthday === null) return true;
  return parseKakaoBirthDate(value) !== null;
}
const birthDateIssue = { message: 'birthyear and birthday must form a real date', path: ['birthday'] };

/** `POST {prefix}/test-users`, Kakao-style snake case. Unknown fields are refused. */
export const testUserBodySchema = z
  .strictObject({
    id: kakaoIdSchema.optional(),
    name: nameSchema,
    ...birthFields,
    phone_number: phoneSchema,
    consent: z.enum(['given', 'denied']).default('given'),
  })
  .refine(realBirthDate, birthDateIssue);

const personInputSchema = z
  .object({
    id: kakaoIdSchema.optional(),
    name: nameSchema,
    ...birthFields,
    phoneNumber: phoneSchema,
    consent: z.enum(['given', 'denied']).default('given'),
  })
  .refine(realBirthDate, birthDateIssue);

export class EmulatorInputError extends Error {
  readonly fields: { path: string; message: string }[];
  constructor(message: string, fields: { path: string; message: string }[]) {
    super(message);
    this.name = 'EmulatorInputError';
    this.fields = fields;
  }
}

export function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
}

/** The emulator's people, in memory. */
export function createPersonStore(clock: () => Date) {
  const persons = new Map<string, EmulatorPerson>();

  function newId(): string {
    for (;;) {
      const id = String(randomInt(1_000_000_000, 10_000_000_000));
      if (!persons.has(id)) return id;
    }
  }

  return {
    /** Validates and stores a person; throws EmulatorInputError on bad input or a taken id. */
    create(input: EmulatorPersonInput): EmulatorPerson {
      const parsed = personInputSchema.safeParse(input);
      if (!parsed.success) throw new EmulatorInputError('invalid test person', issuesOf(parsed.error));
      const data = parsed.data;
      if (data.id !== undefined && persons.has(data.id)) {
        throw new EmulatorInputError('a test person with this id exists', [
          { path: 'id', message: 'is taken' },
        ]);
      }
      const person: EmulatorPerson = {
        id: data.id ?? newId(),
        name: data.name,
        birthyear: data.birthyear,
        birthday: data.birthday,
        phoneNumber: data.phoneNumber,
        consent: data.consent,
        connectedAt: clock()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
      };
      persons.set(person.id, person);
      return person;
    },
    get(id: string): EmulatorPerson | null {
      return persons.get(id) ?? null;
    },
    list(): EmulatorPerson[] {
      return [...persons.values()];
    },
  };
}
export type PersonStore = ReturnType<typeof createPersonStore>;
