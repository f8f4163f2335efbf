import { describe, expect, it } from 'vitest';
import { rewardMessages as r } from './rewards.ts';

/** Issue 25 item 5: the particle follows the word, as a person would write it. */
describe('particles chosen by the word', () => {
  it('writes the round, medal, badge and reward sentences with the right particle', () => {
    expect(r.noticeRound('1기')).toBe('1기가 끝났어요.');
    expect(r.noticeRound('21일 가족 건강 챌린지 3기')).toBe('21일 가족 건강 챌린지 3기가 끝났어요.');
    expect(r.timelineBadge('챌린지 완주')).toBe("배지 '챌린지 완주'를 얻었어요");
    expect(r.timelineBadge('첫 인증')).toBe("배지 '첫 인증'을 얻었어요");
    expect(r.medalPopupTitle('금메달')).toBe('금메달을 받았어요');
    expect(r.medalPopupBody('하늘네', '1기', '팀 1위')).toBe('1기에서 하늘네가 팀 1위를 했어요.');
    expect(r.medalPopupBody('별빛단', '1기', '팀 2위')).toBe('1기에서 별빛단이 팀 2위를 했어요.');
    expect(r.rewardPopupBody('5,000포인트', '1기', 'PENDING')).toBe(
      '1기 완주 보상으로 5,000포인트를 받을 예정이에요.',
    );
    expect(r.rewardPopupBody('문화상품권', '1기', 'PAID')).toBe('1기 완주 보상으로 문화상품권을 받았어요.');
    expect(r.rewardPopupBody('1,000MB', '1기', 'CANCELLED')).toBe('1기 완주 보상 1,000MB는 취소됐어요.');
  });
});

/** Issue 45 item 3: "받았어요" only for what is paid. */
describe('the reward notice says what is paid', () => {
  it('counts what is paid apart from what waits', () => {
    expect(r.noticeRewards(2, 2, false)).toBe('보상 2개를 받았어요');
    expect(r.noticeRewards(3, 0, false)).toBe('보상 3개가 지급을 기다리고 있어요');
    expect(r.noticeRewards(3, 1, false)).toBe('보상 3개 중 1개를 받았어요. 나머지는 지급 대기예요.');
    expect(r.noticeRewards(6, 0, true)).toBe('가족 보상 6개가 지급을 기다리고 있어요');
  });
});

describe('the badges popup', () => {
  it('does not say the title again under it', () => {
    const sentence = (text: string) => text.replace(/[.\s]/g, '').replace('새로운', '새');
    for (const count of [1, 3]) {
      expect(sentence(r.badgesPopupIntro(count))).not.toContain(sentence(r.badgesPopupTitle));
      expect(r.badgesPopupIntro(count)).not.toMatch(/얻었어요/);
    }
  });
});
