import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countMembersByCertifications, findRoundFigures } from './round-figures.repository.ts';

/** Rounds' figures from the teams' kept counters, for the console's dashboard (read only). */
export function createRoundFiguresService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Every round not ended before `from`, with its teams, members and certifications summed. */
    roundsSince: (from: string) => findRoundFigures(db, from),
    /** For each of these rounds, how many members have each count of certifications. */
    certificationHistogram: (subChallengeIds: readonly number[]) =>
      countMembersByCertifications(db, subChallengeIds),
  };
}
export type RoundFiguresService = ReturnType<typeof createRoundFiguresService>;
