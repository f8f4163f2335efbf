import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { beginLimitedAttempt, type FailureLimits } from '../../lib/rate-limiter.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ActivityLogService } from './activity-log.service.ts';
import { findRegistryByMemberNo, findRegistryByName } from './membership.repository.ts';

/** The registry's phone number or birth date is the one Kakao gave for this parent. */
function sameSecondFactor(
  entry: { phone: string; birth_date: string | null },
  user: Pick<UserRow, 'phone' | 'birth_date'>,
): boolean {
  const phone = user.phone ? toDomesticPhoneNumber(user.phone) : null;
  if (phone !== null && toDomesticPhoneNumber(entry.phone) === phone) return true;
  return entry.birth_date !== null && user.birth_date !== null && entry.birth_date === user.birth_date;
}

/** Pin users are parents the operator's membership registry lists (product.md, People). */
export function createPinService(deps: {
  db: Kysely<Database>;
  users: UsersService;
  clock: Clock;
  limits: FailureLimits;
  activity: Pick<ActivityLogService, 'record'>;
}) {
  const { db, users, clock, activity } = deps;

  /** Verified once, or now when the registry lists the parent's name and phone number. */
  async function resolve(user: UserRow): Promise<'Y' | 'N'> {
    if (user.user_type !== 'PARENT') return 'N';
    if (user.pin_verified_at) return 'Y';
    const phone = user.phone ? toDomesticPhoneNumber(user.phone) : null;
    if (!phone) return 'N';
    const entries = await findRegistryByName(db, user.name);
    if (!entries.some((entry) => toDomesticPhoneNumber(entry.phone) === phone)) return 'N';
    await users.markPinVerified(user.id, clock().toISOString());
    return 'Y';
  }

  /** Spec §9's PHONE_VERIFICATION_FAILURE: a parent's membership check found no match. */
  async function recordFailure(user: UserRow, how: 'PHONE' | 'MEMBER_NO', ipAddress: string | null) {
    await activity.record({
      eventType: 'PHONE_VERIFICATION_FAILURE',
      userId: String(user.id),
      userNm: user.name,
      title: how,
      statusCode: 200,
      errorReason: how === 'PHONE' ? 'NOT_IN_REGISTRY' : 'MEMBER_NO_MISMATCH',
      ipAddress,
    });
  }

  return {
    /** The answer alone, as part of a read (my/myinfo): nothing is logged. */
    resolve,

    /**
     * The membership check a parent's client asks for (login's and my page's pin check): a parent
     * it does not find is logged as PHONE_VERIFICATION_FAILURE (spec §9). A child is never a pin user
     * and is not logged.
     */
    async check(user: UserRow, ipAddress: string | null = null): Promise<'Y' | 'N'> {
      const result = await resolve(user);
      if (result === 'N' && user.user_type === 'PARENT') await recordFailure(user, 'PHONE', ipAddress);
      return result;
    },

    /**
     * Verification by membership number. A number alone can be guessed or borrowed, so the registry
     * entry must also carry the parent's own name and a second factor it holds that matches
     * Kakao's profile of them: the phone number, or the birth date.
     */
    async verifyMemberNo(user: UserRow, memberNo: string, ipAddress: string): Promise<'Y' | 'N'> {
      if (user.user_type !== 'PARENT') throw new AppError('FORBIDDEN', 'Only parents can be pin users');
      if (user.pin_verified_at) return 'Y';
      const attempt = await beginLimitedAttempt(deps.limits, `abo:${user.id}`, ipAddress);
      const entry = await findRegistryByMemberNo(db, memberNo.trim().toUpperCase());
      if (!entry || entry.name !== user.name || !sameSecondFactor(entry, user)) {
        await recordFailure(user, 'MEMBER_NO', ipAddress);
        return 'N';
      }
      await attempt.succeeded();
      await users.markPinVerified(user.id, clock().toISOString());
      return 'Y';
    },
  };
}
export type PinService = ReturnType<typeof createPinService>;
