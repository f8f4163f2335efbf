import { describe, expect, it } from 'vitest';
import { completionRewardName } from './completion-name.ts';

describe('the completion reward name', () => {
  it('names the challenge once when the round title already carries it', () => {
    expect(completionRewardName('21일 가족 건강 챌린지', '21일 가족 건강 챌린지 1기')).toBe(
      '21일 가족 건강 챌린지 1기 완주',
    );
  });

  it('puts the challenge in front of a bare round title', () => {
    expect(completionRewardName('21일 가족 건강 챌린지', '2기')).toBe('21일 가족 건강 챌린지 2기 완주');
  });
});
