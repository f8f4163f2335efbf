import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import { idSchema } from '../ids.ts';

/** Limits of a profile a person shows to others (forms use the same numbers). */
export const ALIAS_MAX = 20;
/** One emoji; a few code points for skin tones and joined emoji. */
export const AVATAR_MAX = 16;

export const aliasSchema = z.string().trim().min(1, 'is required').max(ALIAS_MAX, 'is too long');
/** An empty avatar means the default one. */
export const avatarSchema = z.string().trim().max(AVATAR_MAX, 'is too long');

export const linkedPersonSchema = z.object({
  userId: z.string(),
  userType: z.enum(['PARENT', 'CHILD']),
  /** The real name, shown only inside the family. */
  userNm: z.string(),
  alias: z.string(),
  avatar: z.string(),
});
export type LinkedPerson = z.infer<typeof linkedPersonSchema>;

/**
 * The caller's family: a parent with the children they made; a child with their parent
 * (a child account belongs to the one parent who made it — decision 008).
 */
export const userLinksEndpoint = defineEndpoint({
  path: 'user/user-links',
  auth: 'user',
  summary: '가족 연결 (부모와 자녀)',
  request: emptyRequestSchema,
  /** The spec's client reads `data` (§7, decision 002): the family is under it. */
  response: z.object({
    data: z.object({
      me: linkedPersonSchema,
      parents: z.array(linkedPersonSchema),
      children: z.array(linkedPersonSchema),
    }),
  }),
});

const profileChangesSchema = {
  alias: aliasSchema.optional(),
  avatar: avatarSchema.optional(),
};

/** The master (parent) account's own profile as others see it: alias and avatar. */
export const updateMasterEndpoint = defineEndpoint({
  path: 'user/update-master',
  auth: 'user',
  summary: '부모(대표) 계정 프로필 수정 (별명, 아바타)',
  request: z
    .object(profileChangesSchema)
    .refine((body) => body.alias !== undefined || body.avatar !== undefined, {
      message: 'give alias or avatar',
      path: ['alias'],
    }),
  response: linkedPersonSchema,
});

/** A child's profile: the child themself, or their parent (naming the child). */
export const updateChildrenProfileEndpoint = defineEndpoint({
  path: 'user/update-children',
  auth: 'user',
  summary: '자녀 프로필 수정 (별명, 아바타)',
  request: z
    .object({ childrenUserId: idSchema.optional(), ...profileChangesSchema })
    .refine((body) => body.alias !== undefined || body.avatar !== undefined, {
      message: 'give alias or avatar',
      path: ['alias'],
    }),
  response: linkedPersonSchema,
});
