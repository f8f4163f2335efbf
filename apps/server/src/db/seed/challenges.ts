import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The "21일 가족 건강 챌린지" in three rounds around today (ended, running, recruiting) and the
 * always program, each with three missions.
 */
export async function seedChallenges(db: Kysely<Database>, now: Date) {
  const today = seoulDay(now);
  const stamp = now.toISOString();
  const challenge = await db
    .insertInto('challenges')
    .values({
      challenge_type: 'challenge',
      title: '21일 가족 건강 챌린지',
      description: '가족이 함께 21일 동안 건강한 습관을 만들어요.',
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runningStart = addDays(today, -7);
  const rounds = [
    { round: 1, start: addDays(runningStart, -28) },
    { round: 2, start: runningStart },
    // Round 3 recruits today (its recruiting opened a week ago) and starts in a week.
    { round: 3, start: addDays(today, 7) },
  ];
  const subChallengeIds: number[] = [];
  for (const { round, start } of rounds) {
    const row = await db
      .insertInto('sub_challenges')
      .values({
        challenge_id: challenge.id,
        round,
        title: `21일 가족 건강 챌린지 ${round}기`,
        recruit_start: addDays(start, -14),
        recruit_end: addDays(start, -1),
        start_date: start,
        end_date: addDays(start, 20),
        max_user: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subChallengeIds.push(row.id);
  }
  const runningSubChallengeId = subChallengeIds[1]!;

  const always = await db
    .insertInto('challenges')
    .values({
      challenge_type: 'always',
      title: '매일 습관 상시 미션',
      description: '기간 없이 언제든 가족과 함께하는 작은 습관이에요.',
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alwaysSub = await db
    .insertInto('sub_challenges')
    .values({
      challenge_id: always.id,
      round: 1,
      title: '매일 습관 상시 미션',
      recruit_start: '2026-01-01',
      recruit_end: '2099-12-31',
      start_date: '2026-01-01',
      end_date: null,
      max_user: 20,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const challengeMissions = [
    [
      '물 2리터 마시기',
      '하루 동안 물 2리터를 나눠 마셔요.',
      '💧',
      'PHOTO',
      '예: 물병에 시간을 적어 두고 여덟 번 나눠 마셨어요.',
    ],
    [
      '가족과 30분 산책',
      '가족과 함께 30분 이상 걸어요.',
      '🚶',
      'PHOTO_TEXT',
      '예: 저녁 먹고 아이와 동네 공원을 한 바퀴 걸었어요.',
    ],
    [
      '감사 일기 쓰기',
      '오늘 고마웠던 일 세 가지를 적어요.',
      '✍️',
      'TEXT',
      '예: 1. 아침을 차려 준 엄마 2. 우산을 빌려준 친구 3. 맑은 하늘',
    ],
  ] as const;
  const missionSpecs = [
    // Every round of the challenge has the same three missions.
    ...subChallengeIds.flatMap((subId) => challengeMissions.map((spec) => [subId, ...spec] as const)),
    [
      alwaysSub.id,
      '아침 스트레칭 10분',
      '일어나서 10분 동안 몸을 풀어요.',
      '🧘',
      'PHOTO',
      '예: 일어나자마자 목과 어깨를 천천히 돌렸어요.',
    ],
    [
      alwaysSub.id,
      '책 20쪽 읽기',
      '좋아하는 책을 20쪽 읽어요.',
      '📚',
      'PHOTO_TEXT',
      '예: 잠들기 전에 동화책을 함께 읽고 줄거리를 이야기했어요.',
    ],
    [
      alwaysSub.id,
      '부모님께 안부 인사',
      '전화나 메시지로 안부를 전해요.',
      '📞',
      'TEXT',
      '예: 할머니께 전화해서 요즘 건강은 어떠신지 여쭈었어요.',
    ],
  ] as const;
  const missionIds: number[] = [];
  for (const [index, [subId, title, description, icon, proofType, placeholder]] of missionSpecs.entries()) {
    const row = await db
      .insertInto('missions')
      .values({
        sub_challenge_id: subId,
        title,
        description,
        icon,
        proof_type: proofType,
        sort: (index % 3) + 1,
        text_placeholder: placeholder,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    missionIds.push(row.id);
  }
  /** The round each mission belongs to, and each challenge round's running days. */
  const missionRound = new Map(missionSpecs.map(([subId], index) => [missionIds[index]!, subId]));
  const roundDays = new Map(
    rounds.map(({ start }, index) => [subChallengeIds[index]!, { start, end: addDays(start, 20) }]),
  );
  /** Each round's recruiting days, as stored (the always program recruits all year). */
  const recruiting = new Map([
    ...rounds.map(
      ({ start }, index) =>
        [subChallengeIds[index]!, { start: addDays(start, -14), end: addDays(start, -1) }] as const,
    ),
    [alwaysSub.id, { start: '2026-01-01', end: '2099-12-31' }] as const,
  ]);
  const missions = new Map(
    missionSpecs.map(([, title, , , proofType], index) => [missionIds[index]!, { title, proofType }]),
  );
  return {
    rounds: {
      ended: subChallengeIds[0]!,
      running: runningSubChallengeId,
      recruiting: subChallengeIds[2]!,
      always: alwaysSub.id,
    },
    missionIds,
    missionRound,
    roundDays,
    recruiting,
    missions,
  };
}
