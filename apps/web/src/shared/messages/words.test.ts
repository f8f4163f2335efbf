import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { homeMessages } from './missions.ts';
import { childInviteMessages } from './my.ts';
import { pushMessages } from './push.ts';
import { teamDetailMessages } from './team-detail.ts';
import { teamMessages } from './team.ts';

/** Issue 45 item 9, "Words": the catalog says what a person reads, plainly and without mixing things up. */

const parts = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/** Every sentence of a catalog part: strings as they are, sentences with words filled in. */
function sentencesOf(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    try {
      return sentencesOf((value as (...args: unknown[]) => unknown)('가', '나', '다', '라'), path);
    } catch {
      return [];
    }
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => sentencesOf(child, `${path}.${key}`));
  return [];
}

const catalog = [
  ...sentencesOf(messages, 'messages'),
  ...Object.entries(parts).flatMap(([file, part]) => sentencesOf(part, file)),
];

describe('the words of the catalog (issue 45 item 9)', () => {
  it('reads every part of the catalog', () => {
    expect(Object.keys(parts).length).toBeGreaterThan(15);
    expect(catalog.length).toBeGreaterThan(500);
  });

  it('says the seats left as "8자리 남았어요"', () => {
    expect(teamMessages.seats(8)).toBe('8자리 남았어요');
    expect(teamMessages.seats(1)).toBe('1자리 남았어요');
    expect(teamMessages.seats(0)).toBe('자리가 다 찼어요');
    expect(catalog.filter(([, text]) => text.includes('남은 자리'))).toEqual([]);
  });

  it('says 보상, never 리워드', () => {
    expect(catalog.filter(([, text]) => text.includes('리워드'))).toEqual([]);
  });

  it('does not title a /home without missions "오늘의 미션이에요"', () => {
    expect(homeMessages.emptyTitle('하늘맘')).toBe('하늘맘님, 오늘은 할 미션이 없어요');
    expect(homeMessages.emptyTitle('')).toBe('오늘은 할 미션이 없어요');
    for (const line of [
      homeMessages.emptyTitle('하늘맘'),
      homeMessages.emptySubtitle,
      homeMessages.noMissions,
    ])
      expect(line).not.toContain('오늘의 미션');
    // What brings missions, and the one action under it.
    expect(homeMessages.emptySubtitle).toContain('챌린지 팀에 참여하면');
    expect(homeMessages.emptySubtitleChild).toContain('보호자와 함께');
    expect(homeMessages.browseChallenges).toBe('챌린지 둘러보기');
  });

  it('names the 자녀 가입 링크 and the 팀 초대 링크 apart: nothing is a bare "초대 링크"', () => {
    expect(childInviteMessages.inviteAction).toBe('자녀 가입 링크 만들기');
    expect(childInviteMessages.inviteTitle).toBe('자녀 가입 링크 만들기');
    expect(childInviteMessages.inviteReady('김별')).toBe('김별님의 자녀 가입 링크를 만들었어요');
    expect(teamDetailMessages.invite).toBe('팀 초대 링크 보내기');
    expect(teamDetailMessages.inviteCopied).toBe('팀 초대 링크를 복사했어요');
    expect(sentencesOf(childInviteMessages, 'child').filter(([, text]) => text.includes('초대'))).toEqual([]);
    expect(catalog.filter(([, text]) => /(?<!팀 )초대 링크/.test(text))).toEqual([]);
  });

  it("does not send a child to settings only their parent changes in the reminders' offer", () => {
    expect(pushMessages.offerBodyChild).toBe('오늘 미션이 남아 있으면 보호자가 정한 시간에 알려 드려요.');
    expect(pushMessages.offerBodyChild).not.toMatch(/마이|설정|바꿀 수/);
  });
});
