import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { toDomesticPhoneNumber } from '../../kakao/kakao-client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertWithinLimits, recordLimitedFailure, type FailureLimits } from '../../lib/rate-limiter.ts';
import type { UsersService } from '../users/users.service.ts';
import { findRegistryByMemberNo, findRegistryByName } from './membership.repository.ts';

/** Pin users are parents the operator's membership registry lists (product.md, People). */
export function createPinService(deps: {
  db: Kysely<Database>;
  users: UsersService;
  clock: Clock;
  limits: FailureLimits;
}) {
  const { db, users, clock } = deps;
  return {
    /** Verified once, or now when the registry lists the parent's name and phone number. */
    async resolve(user: UserRow): Promise<'Y' | 'N'> {
      if (user.user_type !== 'PARENT') return 'N';
      if (user.pin_verified_at) return 'Y';
      const phone = user.phone ? toDomesticPhoneNumber(user.phone) : null;
      if (!phone) return 'N';
      const entries = await findRegistryByName(db, user.name);
      if (!entries.some((entry) => toDomesticPhoneNumber(entry.phone) === phone)) return 'N';
      await users.markPinVerified(user.id, clock().toISOString());
      return 'Y';
    },

    /** Verification by membership number; the registry entry must carry the parent's own name. */
    async verifyMemberNo(user: UserRow, memberNo: string, ipAddress: string): Promise<'Y' | 'N'> {
      if (user.user_type !== 'PARENT') throw new AppError('FORBIDDEN', 'Only parents can be pin users');
      if (user.pin_verified_at) return 'Y';
      const identity = `abo:${user.id}`;
      assertWithinLimits(deps.limits, identity, ipAddress);
      const entry = await findRegistryByMemberNo(db, memberNo.trim().toUpperCase());
      if (!entry || entry.name !== user.name) {
        recordLimitedFailure(deps.limits, identity, ipAddress);
        return 'N';
      }
      await users.markPinVerified(user.id, clock().toISOString());
      return 'Y';
    },
  };
}
export type PinService = ReturnType<typeof createPinService>;
