import { AppError } from '../../lib/app-error.ts';
import type { UsersService } from '../users/users.service.ts';

/** The notice a child reads once about their data (issue 32 item 2, decision 039). */
export function createChildNoticeService(deps: { users: UsersService }) {
  const { users } = deps;
  async function account(userId: number) {
    const user = await users.findById(userId);
    if (!user || user.status !== 'USER') throw new AppError('UNAUTHORIZED', 'The account is gone');
    return user;
  }
  return {
    /** Due for a child who has not confirmed it yet, on whichever device they sign in. */
    async due(userId: number) {
      const user = await account(userId);
      return { due: user.user_type === 'CHILD' && user.child_notice_seen_at === null };
    },
    /** The child confirmed it; a parent's call changes nothing. */
    async seen(userId: number) {
      await account(userId);
      await users.markChildNoticeSeen(userId);
      return { seen: true as const };
    },
  };
}
export type ChildNoticeService = ReturnType<typeof createChildNoticeService>;
