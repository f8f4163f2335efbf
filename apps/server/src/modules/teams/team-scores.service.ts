import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recountScores } from './team-scores.repository.ts';

/**
 * The kept team scores as a whole, for callers outside the module: counted again from the
 * certifications after rows were written directly (the seed, a repair).
 */
export function createTeamScoresService(deps: { db: Kysely<Database> }) {
  return { recount: (today: string) => recountScores(deps.db, today) };
}
