import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/password.ts';
import type { Database, NewUser } from '../schema.ts';
import { pseudoRandom, seoulMoment } from './moments.ts';

/** Kakao id of the demo parent; the Kakao emulator knows the same person. */
export const DEMO_PARENT_KAKAO_ID = '4281937465';
export const DEMO_CHILD_LOGIN_ID = 'demo-child';
export const DEMO_CHILD_PASSWORD = 'demo-pass-1234';
/** The demo parent's membership number (the registry's numbers are not in sequence). */
export const DEMO_MEMBER_NO = 'ABO-58302716';

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
 * Parents who signed up in the last three weeks and have not joined a team yet: more of them once
 * round 3's recruiting opened (7 days ago), as sign-ups follow a recruiting notice. Days before today.
 */
const newcomers = [
  { name: '문가은', alias: '첫걸음맘', daysAgo: 19 },
  { name: '서현우', alias: '주말아빠', daysAgo: 15 },
  { name: '배소윤', alias: '물한잔', daysAgo: 12 },
  { name: '권태양', alias: '산책하는아빠', daysAgo: 10 },
  { name: '홍다인', alias: '다인맘', daysAgo: 7 },
  { name: '신우진', alias: '우진아빠', daysAgo: 7 },
  { name: '유채원', alias: '채원이네', daysAgo: 7 },
  { name: '노은서', alias: '감사하는하루', daysAgo: 6 },
  { name: '하지호', alias: '지호아빠', daysAgo: 6 },
  { name: '전나연', alias: '나연맘', daysAgo: 5 },
  { name: '황민재', alias: '아침형인간', daysAgo: 4 },
  { name: '송예린', alias: '예린이네', daysAgo: 3 },
  { name: '안도현', alias: '도현아빠', daysAgo: 2 },
  { name: '양수빈', alias: '수빈맘', daysAgo: 1 },
  { name: '구하람', alias: '하람아빠', daysAgo: 0 },
] as const;

/** The newcomer an operator suspended (the console shows a suspended account), and why. */
const SUSPENDED_NEWCOMER = 3;
export const DEMO_SUSPENDED_REASON = '다른 사람의 명의로 가입한 것으로 보여 확인하고 있어요.';

/**
 * The demo parent 김하늘 with the demo child, 18 more families (every other one with a child, every
 * third parent a verified pin user), newcomers without a team (one suspended) and the membership
 * registry. Sign-ups spread over the last 60 days: the families in teams joined from 60 to 24 days
 * ago (a child a day after its parent), the newcomers in the last three weeks. Returns, per person,
 * when they signed up.
 */
export async function seedPeople(db: Kysely<Database>, now: Date) {
  const stamp = now.toISOString();
  const today = seoulDay(now);
  const random = pseudoRandom(20260927);
  const signedUp = new Map<number, string>();
  const signUpAt = (daysAgo: number) => {
    const at = seoulMoment(addDays(today, -daysAgo), random, now);
    return { created_at: at, updated_at: at };
  };
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
    ...signUpAt(60),
  };
  demoParent.pin_verified_at = demoParent.created_at;
  const parentRow = await db.insertInto('users').values(demoParent).returning('id').executeTakeFirstOrThrow();
  signedUp.set(parentRow.id, demoParent.created_at);
  const userIds = [parentRow.id];
  /** Each demo family: the parent and their child, if any. The demo family comes first. */
  const families: { parentId: number; childIds: number[] }[] = [];
  const childJoined = signUpAt(59);
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
      ...childJoined,
      // The demo child has signed in before and read the notice about their data (decision 039);
      // a child a parent makes now is shown it at their first sign-in.
      child_notice_seen_at: childJoined.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  signedUp.set(child.id, childJoined.created_at);
  userIds.push(child.id);
  families.push({ parentId: parentRow.id, childIds: [child.id] });

  // Member numbers as the operator issues them: not in sequence, so one cannot be guessed from another.
  await db
    .insertInto('membership_registry')
    .values([
      {
        member_no: DEMO_MEMBER_NO,
        name: '김하늘',
        phone: '+82 10-2481-3579',
        birth_date: '1988-04-17',
        created_at: stamp,
      },
      {
        member_no: 'ABO-27940583',
        name: '이서준',
        phone: '+82 10-3344-5566',
        birth_date: '1985-11-02',
        created_at: stamp,
      },
      {
        member_no: 'ABO-81465039',
        name: '박지유',
        phone: '+82 10-7788-9900',
        birth_date: '1991-06-23',
        created_at: stamp,
      },
    ])
    .execute();

  for (let family = 0; family < 18; family += 1) {
    const daysAgo = 58 - family * 2;
    const joined = signUpAt(daysAgo);
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
        pin_verified_at: family % 3 === 0 ? joined.created_at : null,
        ...joined,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    signedUp.set(parent.id, joined.created_at);
    userIds.push(parent.id);
    families.push({ parentId: parent.id, childIds: [] });
    if (family % 2 === 0) {
      const kidJoined = signUpAt(daysAgo - 1);
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
          ...kidJoined,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      signedUp.set(kid.id, kidJoined.created_at);
      userIds.push(kid.id);
      families.at(-1)!.childIds.push(kid.id);
    }
  }

  // Newcomers: signed up, not verified, in no team yet. They make no certifications.
  const newcomerIds: number[] = [];
  for (const [index, newcomer] of newcomers.entries()) {
    const joined = signUpAt(newcomer.daysAgo);
    const suspended = index === SUSPENDED_NEWCOMER;
    const suspendedAt = suspended
      ? seoulMoment(addDays(today, -Math.max(0, newcomer.daysAgo - 2)), random, now, 10, 18)
      : null;
    const row = await db
      .insertInto('users')
      .values({
        ...demoParent,
        kakao_id: String(3_950_000_000 + index * 6101),
        name: newcomer.name,
        alias: newcomer.alias,
        phone: `+82 10-${String(6100 + index * 41).padStart(4, '0')}-${String(2200 + index * 67).padStart(4, '0')}`,
        birth_date: `${1982 + (index % 12)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(3 + index).padStart(2, '0')}`,
        pin_verified_at: null,
        ...joined,
        ...(suspendedAt
          ? { suspended_at: suspendedAt, suspended_reason: DEMO_SUSPENDED_REASON, updated_at: suspendedAt }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    signedUp.set(row.id, joined.created_at);
    newcomerIds.push(row.id);
  }
  return { userIds, families, signedUp, newcomerIds };
}
