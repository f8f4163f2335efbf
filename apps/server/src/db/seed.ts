import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/password.ts';
import { seedContent } from './seed-content.ts';
import { seedDemoTeams } from './seed-teams.ts';
import { deletionOrder, readTableReferences } from './table-order.ts';
import type { Database, NewUser } from './schema.ts';

/** Kakao id of the demo parent; the Kakao emulator knows the same person. */
export const DEMO_PARENT_KAKAO_ID = '4281937465';
export const DEMO_CHILD_LOGIN_ID = 'demo-child';
export const DEMO_CHILD_PASSWORD = 'demo-pass-1234';

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const terms = await db
    .selectFrom('terms_documents')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0 && Number(terms.count) === 0;
}

/** Deletes every row and seeds the demo data again, in one transaction. */
export async function reseedDemoData(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The order comes from the schema's own foreign keys, so a new table needs no edit here.
    for (const table of deletionOrder(await readTableReferences(trx))) {
      await trx.deleteFrom(table as keyof Database).execute();
    }
    await seedDemoData(trx, now);
  });
}

/** A small deterministic generator, so every seeded database looks the same for the same day. */
function pseudoRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const familyNames = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오'];
const givenNames = [
  '서연',
  '민준',
  '지우',
  '하준',
  '수아',
  '도윤',
  '지민',
  '예준',
  '하은',
  '시우',
  '유나',
  '주원',
];
const aliases = [
  '햇살맘',
  '산책왕아빠',
  '물마시기요정',
  '감사일기',
  '운동하는엄마',
  '책벌레',
  '새벽러너',
  '꾸준이',
];

/**
 * Realistic Korean demo content: a living first run with families, a running challenge, the
 * always program, notices, terms and the membership registry.
 */
export async function seedDemoData(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const today = seoulDay(now);
  const stamp = now.toISOString();
  const random = pseudoRandom(20261120);

  await db
    .insertInto('terms_documents')
    .values([
      {
        kind: 'TERMS_OF_USE',
        version: '1.0',
        title: '함께미션 이용약관',
        content: termsOfUse('1.0'),
        effective_date: '2025-03-01',
      },
      {
        kind: 'TERMS_OF_USE',
        version: '1.1',
        title: '함께미션 이용약관',
        content: termsOfUse('1.1'),
        effective_date: '2026-06-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: '1.0',
        title: '개인정보 처리방침',
        content: privacyPolicy('1.0'),
        effective_date: '2025-03-01',
      },
      {
        kind: 'PRIVACY_POLICY',
        version: '1.1',
        title: '개인정보 처리방침',
        content: privacyPolicy('1.1'),
        effective_date: '2026-06-01',
      },
    ])
    .execute();

  await db
    .insertInto('common_codes')
    .values([
      { group_key: 'CHALLENGE_TYPE', code: 'challenge', name: '챌린지', sort: 1 },
      { group_key: 'CHALLENGE_TYPE', code: 'always', name: '상시', sort: 2 },
      { group_key: 'PROOF_TYPE', code: 'PHOTO', name: '사진 인증', sort: 1 },
      { group_key: 'PROOF_TYPE', code: 'TEXT', name: '글 인증', sort: 2 },
      { group_key: 'PROOF_TYPE', code: 'PHOTO_TEXT', name: '사진과 글 인증', sort: 3 },
      { group_key: 'REWARD_TYPE', code: 'PAID', name: '지급 리워드', sort: 1 },
      { group_key: 'REWARD_TYPE', code: 'TRAFFIC', name: '데이터 리워드', sort: 2 },
      { group_key: 'REWARD_TYPE', code: 'BADGES', name: '배지 리워드', sort: 3 },
      { group_key: 'REWARD_STATUS', code: 'PENDING', name: '지급 대기', sort: 1 },
      { group_key: 'REWARD_STATUS', code: 'PAID', name: '지급 완료', sort: 2 },
      { group_key: 'MEDAL', code: 'GOLD', name: '금메달', sort: 1 },
      { group_key: 'MEDAL', code: 'SILVER', name: '은메달', sort: 2 },
      { group_key: 'MEDAL', code: 'BRONZE', name: '동메달', sort: 3 },
    ])
    .execute();

  const notices = [
    [
      '[필독] 함께미션 서비스 이용 안내',
      '가족과 함께 하루 미션을 인증하고 팀과 함께 성장해 보세요.\n\n인증은 사람·미션·하루에 한 번 할 수 있어요.',
      1,
      -20,
    ],
    [
      '21일 가족 건강 챌린지 2기 시작',
      '2기가 시작되었어요. 팀원과 함께 21일 동안 건강 습관을 만들어 보세요.',
      1,
      -7,
    ],
    [
      '개인정보 처리방침 개정 안내 (v1.1)',
      '2026년 6월 1일부터 개정된 개인정보 처리방침이 적용돼요. 자녀 계정 정보 보관 기간이 명확해졌어요.',
      0,
      -30,
    ],
    [
      '11월 리워드 지급 일정 안내',
      '1기 완주 리워드는 11월 25일까지 순차 지급돼요. 마이 > 리워드 내역에서 확인할 수 있어요.',
      0,
      -5,
    ],
    [
      '사진 인증 화질 개선',
      '인증 사진이 더 선명하게 보이도록 개선했어요. 위치 정보는 저장하지 않아요.',
      0,
      -3,
    ],
    [
      '서버 점검 안내 (11월 27일 새벽 2시~4시)',
      '더 안정적인 서비스를 위해 점검을 진행해요. 점검 중에는 인증이 잠시 중단돼요.',
      0,
      -1,
    ],
  ] as const;
  await db
    .insertInto('notices')
    .values(
      notices.map(([title, content, isTop, daysAgo]) => ({
        title,
        content,
        is_top: isTop,
        published_at: new Date(now.getTime() + daysAgo * 86_400_000).toISOString(),
      })),
    )
    .execute();

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
    ['물 2리터 마시기', '하루 동안 물 2리터를 나눠 마셔요.', '💧', 'PHOTO'],
    ['가족과 30분 산책', '가족과 함께 30분 이상 걸어요.', '🚶', 'PHOTO_TEXT'],
    ['감사 일기 쓰기', '오늘 고마웠던 일 세 가지를 적어요.', '✍️', 'TEXT'],
  ] as const;
  const missionSpecs = [
    // Every round of the challenge has the same three missions.
    ...subChallengeIds.flatMap((subId) => challengeMissions.map((spec) => [subId, ...spec] as const)),
    [alwaysSub.id, '아침 스트레칭 10분', '일어나서 10분 동안 몸을 풀어요.', '🧘', 'PHOTO'],
    [alwaysSub.id, '책 20쪽 읽기', '좋아하는 책을 20쪽 읽어요.', '📚', 'PHOTO_TEXT'],
    [alwaysSub.id, '부모님께 안부 인사', '전화나 메시지로 안부를 전해요.', '📞', 'TEXT'],
  ] as const;
  const missionIds: number[] = [];
  for (const [index, [subId, title, description, icon, proofType]] of missionSpecs.entries()) {
    const row = await db
      .insertInto('missions')
      .values({
        sub_challenge_id: subId,
        title,
        description,
        icon,
        proof_type: proofType,
        sort: (index % 3) + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    missionIds.push(row.id);
  }

  const demoParent: NewUser = {
    user_type: 'PARENT',
    kakao_id: DEMO_PARENT_KAKAO_ID,
    login_id: null,
    password_hash: null,
    parent_user_id: null,
    name: '김하늘',
    alias: '하늘맘',
    phone: '+82 10-2481-3579',
    birth_date: '1988-04-17',
    status: 'USER',
    pin_verified_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  };
  const parentRow = await db.insertInto('users').values(demoParent).returning('id').executeTakeFirstOrThrow();
  const userIds = [parentRow.id];
  /** Each demo family: the parent and their child, if any. The demo family comes first. */
  const families: { parentId: number; childIds: number[] }[] = [];
  const child = await db
    .insertInto('users')
    .values({
      ...demoParent,
      user_type: 'CHILD',
      kakao_id: null,
      login_id: DEMO_CHILD_LOGIN_ID,
      password_hash: await hashPassword(DEMO_CHILD_PASSWORD),
      parent_user_id: parentRow.id,
      name: '김별',
      alias: '별이',
      phone: null,
      birth_date: null,
      pin_verified_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userIds.push(child.id);
  families.push({ parentId: parentRow.id, childIds: [child.id] });

  await db
    .insertInto('membership_registry')
    .values([
      { member_no: 'ABO-100001', name: '김하늘', phone: '+82 10-2481-3579', created_at: stamp },
      { member_no: 'ABO-100002', name: '이서준', phone: '+82 10-3344-5566', created_at: stamp },
      { member_no: 'ABO-100003', name: '박지유', phone: '+82 10-7788-9900', created_at: stamp },
    ])
    .execute();

  for (let family = 0; family < 18; family += 1) {
    const name = `${familyNames[family % familyNames.length]}${givenNames[(family * 5) % givenNames.length]}`;
    const parent = await db
      .insertInto('users')
      .values({
        ...demoParent,
        kakao_id: String(3_900_000_000 + family * 7919),
        name,
        alias: `${aliases[family % aliases.length]}${family + 1}`,
        phone: `+82 10-${String(5000 + family * 37).padStart(4, '0')}-${String(1000 + family * 53).padStart(4, '0')}`,
        birth_date: `${1975 + (family % 15)}-0${1 + (family % 9)}-1${family % 10}`,
        pin_verified_at: family % 3 === 0 ? stamp : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(parent.id);
    families.push({ parentId: parent.id, childIds: [] });
    if (family % 2 === 0) {
      const kid = await db
        .insertInto('users')
        .values({
          ...demoParent,
          user_type: 'CHILD',
          kakao_id: null,
          login_id: `kid${family + 1}`,
          parent_user_id: parent.id,
          name: `${name.slice(0, 1)}${givenNames[(family + 3) % givenNames.length]}`,
          alias: `꼬마${family + 1}`,
          phone: null,
          birth_date: null,
          pin_verified_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(kid.id);
      families.at(-1)!.childIds.push(kid.id);
    }
  }

  await seedContent(db, now);

  const missionRound = new Map(missionSpecs.map(([subId], index) => [missionIds[index]!, subId]));
  const membership = await seedDemoTeams(db, {
    now,
    families,
    rounds: {
      ended: subChallengeIds[0]!,
      running: runningSubChallengeId,
      recruiting: subChallengeIds[2]!,
      always: alwaysSub.id,
    },
  });
  const roundOfDay = new Map(
    rounds.map(({ start }, index) => [subChallengeIds[index]!, { start, end: addDays(start, 20) }]),
  );

  // Certifications only where they could have been made: the person's team's round, on its days.
  const certifications = [];
  for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
    const day = addDays(today, -daysAgo);
    for (const userId of userIds) {
      for (const missionId of missionIds) {
        const subId = missionRound.get(missionId)!;
        if (!membership.get(userId)?.has(subId)) continue;
        const period = roundOfDay.get(subId);
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

function termsOfUse(version: string): string {
  return [
    `함께미션 이용약관 (버전 ${version})`,
    '제1조 (목적)\n이 약관은 (주)함께미션(이하 "회사")이 제공하는 가족 미션 인증 서비스의 이용 조건과 절차, 회사와 회원의 권리·의무를 정하는 것을 목적으로 해요.',
    '제2조 (회원)\n만 19세 이상의 성인은 카카오 계정으로 가입할 수 있어요. 자녀 계정은 부모 회원이 만들고 관리해요.',
    '제3조 (미션 인증)\n회원은 하루에 미션마다 한 번 사진과 글로 인증할 수 있어요. 타인의 권리를 침해하거나 금칙어가 포함된 게시물은 올릴 수 없어요.',
    '제4조 (리워드)\n챌린지를 완주한 회원에게는 회사가 정한 기준에 따라 리워드가 지급돼요.',
    version === '1.1' ? '제5조 (팀)\n팀 관리자는 팀 정보를 수정하고 팀원을 내보낼 수 있어요.' : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function privacyPolicy(version: string): string {
  return [
    `개인정보 처리방침 (버전 ${version})`,
    '1. 수집하는 개인정보\n카카오 계정 식별자, 이름, 생년월일, 휴대전화 번호를 수집해요. 자녀 계정은 아이디와 이름만 수집해요.',
    '2. 이용 목적\n본인 확인, 연령 확인(만 19세 이상), 미션 인증 서비스 제공과 리워드 지급에 이용해요.',
    '3. 보관 기간\n회원 탈퇴 또는 카카오 연결 끊기 시 지체 없이 파기해요. 인증 사진의 위치 정보는 저장하지 않아요.',
    version === '1.1'
      ? '4. 자녀 정보\n부모 회원은 언제든 자녀 계정을 조회·수정·삭제할 수 있고, 삭제하면 자녀의 인증 사진도 함께 지워져요.'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
