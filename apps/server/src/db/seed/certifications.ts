import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A small deterministic generator, so every seeded database looks the same for the same day. */
function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Four weeks of certifications: about a quarter of what each person could have certified. */
export async function seedCertifications(
  db: Kysely<Database>,
  input: {
    now: Date;
    userIds: number[];
    missionIds: number[];
    missionRound: Map<number, number>;
    /** Running days of each challenge round; always rounds are absent (they always run). */
    roundDays: Map<number, { start: string; end: string }>;
    /** Per person, the rounds whose teams they are in. */
    membership: Map<number, Set<number>>;
  },
): Promise<void> {
  const { userIds, missionIds, missionRound, roundDays, membership } = input;
  const today = seoulDay(input.now);
  const random = pseudoRandom(20261120);
  // Certifications only where they could have been made: the person's team's round, on its days.
  const certifications = [];
  for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
    const day = addDays(today, -daysAgo);
    for (const userId of userIds) {
      for (const missionId of missionIds) {
        const subId = missionRound.get(missionId)!;
        if (!membership.get(userId)?.has(subId)) continue;
        const period = roundDays.get(subId);
        if (period && (day < period.start || day > period.end)) continue;
        if (!period && daysAgo > 20) continue;
        if (random() < 0.28) {
          certifications.push({
            user_id: userId,
            mission_id: missionId,
            certified_on: day,
            content_html: '<p>오늘도 해냈어요!</p>',
            created_at: `${day}T00:30:00.000Z`,
          });
        }
      }
    }
  }
  for (let index = 0; index < certifications.length; index += 200) {
    await db
      .insertInto('mission_certifications')
      .values(certifications.slice(index, index + 200))
      .execute();
  }
}
