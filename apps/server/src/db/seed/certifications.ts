import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { FileStorage } from '../../lib/storage.ts';
import type { Database } from '../schema.ts';
import { pick, pseudoRandom, seoulMoment } from './moments.ts';
import { seedCertificationPhotos, themeOf } from './photos.ts';

export type MissionInfo = { title: string; proofType: 'PHOTO' | 'TEXT' | 'PHOTO_TEXT' };

/** What people write, by mission: short, as typed on a phone. */
const TEXTS: Record<string, readonly string[]> = {
  '물 2리터 마시기': [
    '',
    '',
    '물병에 시간 표시해 두니까 잘 마셔져요.',
    '오후에 조금 밀렸지만 저녁까지 다 채웠어요.',
    '보리차로 채웠어요!',
    '아이랑 누가 먼저 다 마시나 시합했어요.',
    '오늘은 덥지 않아서 힘들었는데 성공 💧',
  ],
  '가족과 30분 산책': [
    '저녁 먹고 동네 한 바퀴 돌았어요.',
    '아이가 킥보드 타고 앞장섰어요. 35분!',
    '공원에 단풍이 예뻐서 사진 많이 찍었어요.',
    '비가 와서 우산 쓰고 짧게 걸었어요.',
    '강아지랑 같이 넷이서 걸었어요.',
    '하천 산책로 왕복했어요. 바람이 차요.',
    '마트까지 걸어갔다 왔어요. 이것도 산책이죠?',
  ],
  '감사 일기 쓰기': [
    '1. 아침밥을 차려 준 남편 2. 웃어 준 아이 3. 맑은 하늘',
    '아이가 먼저 동생을 챙겨 줘서 고마웠어요.',
    '퇴근길에 자리를 양보받았어요. 작은 일인데 하루가 좋아졌어요.',
    '할머니가 보내 주신 김치, 건강한 가족, 따뜻한 집.',
    '오늘은 쓸 게 없을 줄 알았는데 세 개나 찾았어요.',
    '친구가 안부 전화를 해 줬어요. 고마운 하루.',
    '아이가 쓴 감사 일기를 같이 읽었어요.',
  ],
  '아침 스트레칭 10분': [
    '',
    '',
    '유튜브 보면서 따라 했어요.',
    '목이랑 어깨가 한결 가벼워요.',
    '아이도 옆에서 고양이 자세 따라 했어요.',
    '늦잠 자서 5분만... 그래도 했어요!',
  ],
  '책 20쪽 읽기': [
    '잠들기 전에 아이랑 그림책 읽었어요.',
    '출근길 지하철에서 25쪽 읽었어요.',
    '소설 후반부라 멈추기 힘들었어요.',
    '도서관에서 새로 빌린 책 시작했어요.',
    '오늘은 딱 20쪽. 내일 이어서 읽을게요.',
    '아이가 읽어 주는 책을 들었어요 📚',
  ],
  '부모님께 안부 인사': [
    '엄마께 전화했어요. 김장 이야기만 30분!',
    '아버지께 사진 보내 드렸더니 바로 답장 오셨어요.',
    '영상통화로 손주 얼굴 보여 드렸어요.',
    '주말에 찾아뵙기로 했어요.',
    '시부모님께 안부 문자 드렸어요.',
    '날이 추워져서 감기 조심하시라고 말씀드렸어요.',
  ],
};

function paragraph(text: string): string {
  return text === '' ? '' : `<p>${text}</p>`;
}

/** A certification to write: who, which mission, which day. */
export interface PlannedCertification {
  userId: number;
  missionId: number;
  day: string;
}

/**
 * Writes certifications as people make them: each its own text (by mission) and time of day (Seoul
 * daytime; one whose moment today is still ahead is left out), photo missions with their photos. Repeats of a person, mission and
 * day are skipped. Answers the rows written.
 */
export async function writeCertifications(
  db: Kysely<Database>,
  input: {
    now: Date;
    storage: FileStorage;
    missions: Map<number, MissionInfo>;
    planned: readonly PlannedCertification[];
    seed: number;
  },
): Promise<{ id: number; user_id: number; mission_id: number; certified_on: string }[]> {
  const random = pseudoRandom(input.seed);
  const notYet = new Date(8.64e15);
  const values = input.planned
    .map(({ userId, missionId, day }) => {
      const mission = input.missions.get(missionId)!;
      const texts = TEXTS[mission.title] ?? ['오늘도 해냈어요!'];
      return {
        user_id: userId,
        mission_id: missionId,
        certified_on: day,
        content_html: paragraph(texts[pick(random, 0, texts.length - 1)]!),
        created_at: seoulMoment(day, random, notYet),
      };
    })
    // Today's certifications still ahead of now are not made yet (at 2 a.m. nobody has certified).
    .filter((row) => Date.parse(row.created_at) <= input.now.getTime());
  const written: {
    id: number;
    user_id: number;
    mission_id: number;
    certified_on: string;
    created_at: string;
  }[] = [];
  for (let index = 0; index < values.length; index += 200) {
    written.push(
      ...(await db
        .insertInto('mission_certifications')
        .values(values.slice(index, index + 200))
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'user_id', 'mission_id', 'certified_on', 'created_at'])
        .execute()),
    );
  }
  await seedCertificationPhotos(
    db,
    input.storage,
    written
      .filter((row) => input.missions.get(row.mission_id)!.proofType !== 'TEXT')
      .map((row) => ({
        id: row.id,
        userId: row.user_id,
        theme: themeOf(input.missions.get(row.mission_id)!.title),
        createdAt: row.created_at,
      })),
    input.seed,
  );
  return written;
}

/** The operator hid one certification (an advertisement): the console shows it with its reason. */
export const DEMO_HIDDEN_REASON = '미션과 관계없는 홍보 글이라 숨겼어요.';

/**
 * Four weeks of certifications: about a quarter of what each person could have certified. The demo
 * family's round 1 and the demo parent's own history are written by the rewards step (a finished
 * round, a streak and four certifications in the running round): here she has only the always
 * program's last week, and nothing today.
 */
export async function seedCertifications(
  db: Kysely<Database>,
  input: {
    now: Date;
    storage: FileStorage;
    userIds: number[];
    demoParentId: number;
    /** The demo family (parent and children): their finished round is written by the rewards step. */
    demoFamily: number[];
    rounds: { ended: number; running: number };
    missionIds: number[];
    missions: Map<number, MissionInfo>;
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
  const planned: PlannedCertification[] = [];
  for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
    const day = addDays(today, -daysAgo);
    for (const userId of userIds) {
      for (const missionId of missionIds) {
        const subId = missionRound.get(missionId)!;
        if (!membership.get(userId)?.has(subId)) continue;
        const period = roundDays.get(subId);
        if (period && (day < period.start || day > period.end)) continue;
        if (!period && daysAgo > 20) continue;
        const certified = random() < 0.28;
        // Her running round is scripted too (rewards step): behind her team's leaders by a little.
        if (userId === input.demoParentId && (daysAgo > 8 || daysAgo === 0 || subId === input.rounds.running))
          continue;
        if (subId === input.rounds.ended && input.demoFamily.includes(userId)) continue;
        if (certified) planned.push({ userId, missionId, day });
      }
    }
  }
  const written = await writeCertifications(db, {
    now: input.now,
    storage: input.storage,
    missions: input.missions,
    planned,
    seed: 20261121,
  });

  // One advertisement in a running team, hidden by an operator two days after it was posted.
  const target = written.find(
    (row) =>
      !input.demoFamily.includes(row.user_id) &&
      input.missions.get(row.mission_id)!.proofType === 'TEXT' &&
      row.certified_on === addDays(today, -4),
  );
  if (target) {
    await db
      .updateTable('mission_certifications')
      .set({
        content_html:
          '<p>집에서 하루 30분, 부업으로 월 수입 올리는 방법 알려 드려요. 궁금하면 프로필 보고 연락 주세요!</p>',
        hidden_at: seoulMoment(addDays(today, -2), random, input.now, 9, 18),
        hidden_reason: DEMO_HIDDEN_REASON,
      })
      .where('id', '=', target.id)
      .execute();
  }
}
