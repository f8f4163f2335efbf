import type { Kysely } from 'kysely';
import { hashPassword } from '../../lib/password.ts';
import type { Database, NewUser } from '../schema.ts';

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
 * The demo parent 김하늘 with the demo child, 18 more families (every other one with a child, every
 * third parent a verified pin user) and the membership registry.
 */
export async function seedPeople(db: Kysely<Database>, now: Date) {
  const stamp = now.toISOString();
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
  return { userIds, families };
}
