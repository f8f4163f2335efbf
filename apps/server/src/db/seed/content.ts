import { seoulDayEnd, seoulDayStart } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Mild insults and the usual spam words; the operator extends the list in the database. */
const forbiddenWords = [
  '바보',
  '멍청이',
  '멍텅구리',
  '꺼져',
  '닥쳐',
  '도박',
  '카지노',
  '대출',
  '광고문의',
  '수익보장',
] as const;

/** `2026-11-27` → `11월 27일`. */
function koreanDate(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}월 ${Number(date)}일`;
}

const faqs = [
  [
    '계정',
    '자녀도 카카오로 가입해야 하나요?',
    '아니요. 자녀 계정은 부모님이 만들어요. 마이 > 자녀 관리에서 아이디와 비밀번호를 정해 자녀 계정을 만들면, 자녀는 로그인 화면의 "자녀 로그인"으로 들어올 수 있어요.\n\n자녀 관리는 본인 확인을 마친 부모님만 이용할 수 있어요.',
  ],
  [
    '계정',
    '자녀 계정의 비밀번호를 잊어버렸어요.',
    '부모님이 마이 > 자녀 관리에서 자녀를 골라 새 비밀번호를 정해 주세요. 비밀번호를 바꾸면 자녀가 로그인해 있던 기기에서는 모두 로그아웃돼요.\n\n자녀 계정을 삭제하면 자녀의 인증 사진과 기록도 함께 지워져요.',
  ],
  [
    '미션 인증',
    '하루에 미션을 몇 번 인증할 수 있나요?',
    '미션마다 하루에 한 번 인증할 수 있어요. 하루는 한국 시간 자정을 기준으로 바뀌어요.\n\n가족이 같은 미션을 했다면 각자 자기 계정으로 인증해 주세요.',
  ],
  [
    '미션 인증',
    '인증을 잘못 올렸어요. 지울 수 있나요?',
    '네, 인증한 당일(한국 시간 자정 전)에는 내 활동에서 인증을 삭제하고 다시 올릴 수 있어요. 날짜가 지난 인증은 기록으로 남아 삭제할 수 없어요.',
  ],
  [
    '미션 인증',
    '사진은 몇 장까지 올릴 수 있고, 위치 정보도 저장되나요?',
    '인증 한 번에 사진을 3장까지 올릴 수 있어요.\n\n올린 사진은 서버에서 다시 저장하면서 촬영 위치(GPS) 같은 위치 정보를 모두 지워요. 아이 사진도 안심하고 올려 주세요.',
  ],
  [
    '팀',
    '팀에는 어떻게 참여하나요?',
    '챌린지 모집 기간에 챌린지 화면에서 참여하거나, 팀장이 보낸 팀 초대 링크를 열어 참여할 수 있어요. 팀마다 정원이 있어서 정원이 차면 더 초대할 수 없어요.\n\n상시 미션 팀은 기간 없이 언제든 함께할 수 있어요.',
  ],
  [
    '보상',
    '보상은 언제 받을 수 있나요?',
    '챌린지 기간 동안 미션을 80% 이상 완료하면 보상을 받을 수 있어요. 보상은 챌린지가 끝난 뒤 차례로 지급되고, 지급되면 홈 화면에서 알려 드려요.',
  ],
  [
    '보상',
    '받은 보상은 어디에서 확인하나요?',
    '마이 > 보상 내역에서 지급 대기와 지급 완료된 보상을 모두 확인할 수 있어요. 지급이 늦어진다면 고객센터로 문의해 주세요.',
  ],
] as const;

const serviceInfo = [
  '함께미션은 가족이 함께 작은 건강 습관을 만들어 가는 미션 인증 서비스예요.',
  '어떻게 하나요?\n1. 부모님이 카카오 계정으로 가입하고, 자녀 계정을 만들어 주세요.\n2. 21일 챌린지나 상시 미션 팀에 참여해요.\n3. 매일 미션을 하고 사진이나 글로 인증해요. 미션마다 하루에 한 번 인증할 수 있어요.\n4. 팀원들의 인증을 보며 서로 응원해요.',
  '보상\n챌린지 기간 동안 미션을 80% 이상 완료하면 보상을 드려요. 받은 보상은 마이 > 보상 내역에서 확인할 수 있어요.',
  '안심하고 쓰세요\n자녀 계정은 부모님만 만들고 관리할 수 있어요. 인증 사진의 위치 정보는 저장하지 않아요.',
  '고객센터\n평일 오전 10시부터 오후 6시까지(점심시간 12시~1시, 주말·공휴일 휴무) 전화와 이메일로 문의를 받아요. 연락처는 화면 아래의 고객센터 안내를 확인해 주세요.',
].join('\n\n');

/** A round's days as stored: recruiting, then running. */
export interface RoundDates {
  recruitStart: string;
  recruitEnd: string;
  start: string;
  end: string;
}

/**
 * Demo notices' companions: popups, FAQ, service information and forbidden words. Each round's
 * recruiting popup shows during that round's recruiting days and states its real dates.
 */
export async function seedContent(
  db: Kysely<Database>,
  now: Date,
  rounds: { running: RoundDates; recruiting: RoundDates },
): Promise<void> {
  const stamp = now.toISOString();
  const third = rounds.recruiting;
  const second = rounds.running;

  await db
    .insertInto('popups')
    .values([
      {
        title: '21일 가족 건강 챌린지 3기 모집 안내',
        content: `가족과 함께 21일 동안 물 마시기, 산책, 감사 일기를 인증해 보세요.\n\n모집 기간: ${koreanDate(third.recruitStart)} ~ ${koreanDate(third.recruitEnd)}\n챌린지 기간: ${koreanDate(third.start)} ~ ${koreanDate(third.end)}\n미션을 80% 이상 완료하면 보상을 드려요.`,
        link_url: '/challenge',
        starts_at: seoulDayStart(third.recruitStart).toISOString(),
        ends_at: seoulDayEnd(third.recruitEnd).toISOString(),
        sort: 1,
      },
      {
        // Round 2 recruited in the two weeks before it started.
        title: '21일 가족 건강 챌린지 2기 모집 안내',
        content: `2기 참가 가족을 모집해요. 팀원과 함께 21일 동안 건강 습관을 만들어 보세요.\n\n모집 기간: ${koreanDate(second.recruitStart)} ~ ${koreanDate(second.recruitEnd)}\n챌린지 기간: ${koreanDate(second.start)} ~ ${koreanDate(second.end)}`,
        link_url: '/challenge',
        starts_at: seoulDayStart(second.recruitStart).toISOString(),
        ends_at: seoulDayEnd(second.recruitEnd).toISOString(),
        sort: 2,
      },
    ])
    .execute();

  await db
    .insertInto('faqs')
    .values(
      faqs.map(([category, question, answer], index) => ({ category, question, answer, sort: index + 1 })),
    )
    .execute();

  await db
    .insertInto('content_pages')
    .values({
      page_key: 'SERVICE_INFO',
      title: '함께미션 서비스 안내',
      content: serviceInfo,
      updated_at: stamp,
    })
    .execute();

  await db
    .insertInto('forbidden_words')
    // One millisecond apart, so the list keeps this order.
    .values(
      forbiddenWords.map((word, index) => ({
        word,
        created_at: new Date(now.getTime() + index).toISOString(),
      })),
    )
    .execute();
}
