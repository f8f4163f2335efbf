import type { LinkedPerson } from '@hamkke/contract/user/links';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { UsersService } from '../users/users.service.ts';

function toLinked(row: UserRow): LinkedPerson {
  return {
    userId: String(row.id),
    userType: row.user_type,
    userNm: row.name,
    alias: row.alias,
    avatar: row.avatar,
  };
}

/**
 * A family's links and the profiles people show each other (decision 008): a child account belongs
 * to the one parent who made it; `update-master` is the parent's own profile, `update-children` a
 * child's (by the child, or by their parent).
 */
export function createProfileService(deps: {
  users: UsersService;
  content: ContentService;
  terms: TermsService;
  clock: Clock;
}) {
  const { users } = deps;

  async function personOrThrow(userId: number): Promise<UserRow> {
    const row = await users.findById(userId);
    if (!row) throw new AppError('NOT_FOUND', 'No such person');
    return row;
  }

  /** Aliases are shown to other families: the forbidden words apply. */
  const assertClean = (alias: string | undefined) => deps.content.assertNoForbiddenWords({ alias });

  return {
    async links(userId: number) {
      const me = await personOrThrow(userId);
      if (me.user_type === 'CHILD') {
        const parent = me.parent_user_id === null ? undefined : await users.findById(me.parent_user_id);
        return { me: toLinked(me), parents: parent ? [toLinked(parent)] : [], children: [] };
      }
      const children = await users.childrenOf(me.id);
      return { me: toLinked(me), parents: [], children: children.map(toLinked) };
    },

    async updateMaster(userId: number, changes: { alias?: string | undefined; avatar?: string | undefined }) {
      const me = await personOrThrow(userId);
      if (me.user_type !== 'PARENT') throw new AppError('FORBIDDEN', 'Only a parent account is a master');
      await assertClean(changes.alias);
      await users.updateProfile(me.id, { ...changes, now: deps.clock().toISOString() });
      return toLinked(await personOrThrow(me.id));
    },

    /** A child changes their own profile; a parent names one of their children. */
    async updateChild(
      userId: number,
      input: { childrenUserId?: number | undefined; alias?: string | undefined; avatar?: string | undefined },
    ) {
      const me = await personOrThrow(userId);
      const childId = me.user_type === 'CHILD' ? me.id : input.childrenUserId;
      if (me.user_type === 'CHILD' && input.childrenUserId !== undefined && input.childrenUserId !== me.id) {
        throw new AppError('NOT_FOUND', 'No such child of yours');
      }
      const child = childId === undefined ? undefined : await users.findById(childId);
      if (
        !child ||
        child.user_type !== 'CHILD' ||
        (me.user_type === 'PARENT' && child.parent_user_id !== me.id)
      ) {
        throw new AppError('NOT_FOUND', 'No such child of yours');
      }
      await assertClean(input.alias);
      await users.updateProfile(child.id, {
        alias: input.alias,
        avatar: input.avatar,
        now: deps.clock().toISOString(),
      });
      return toLinked(await personOrThrow(child.id));
    },

    async status(userId: number) {
      const me = await personOrThrow(userId);
      // A newer required version of the terms in force since they agreed: back to the agreement step.
      if (me.status === 'USER' && (await deps.terms.agreementNeeded(me.id))) {
        return { userId: String(me.id), userStatus: 'NEED_AGREEMENT' as const };
      }
      return { userId: String(me.id), userStatus: me.status };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
