import { describe, expect, it } from 'vitest';
import { challengeSignupOpen, roundState } from './round.ts';

const round = {
  recruitStart: '2026-11-01',
  recruitEnd: '2026-11-10',
  startDate: '2026-11-11',
  endDate: '2026-12-01',
};

describe('roundState', () => {
  it('follows the Seoul day through the four states, boundaries included', () => {
    expect(roundState(round, '2026-10-31')).toBe('upcoming');
    expect(roundState(round, '2026-11-01')).toBe('recruiting');
    expect(roundState(round, '2026-11-10')).toBe('recruiting');
    expect(roundState(round, '2026-11-11')).toBe('running');
    expect(roundState(round, '2026-12-01')).toBe('running');
    expect(roundState(round, '2026-12-02')).toBe('ended');
  });

  it('counts a gap between the recruiting close and the start as upcoming (signup closed)', () => {
    expect(roundState({ ...round, recruitEnd: '2026-11-05' }, '2026-11-07')).toBe('upcoming');
  });

  it('never ends an always round', () => {
    expect(roundState({ ...round, endDate: null }, '2030-01-01')).toBe('running');
  });

  it('opens challenge signup only while recruiting', () => {
    expect(challengeSignupOpen('recruiting')).toBe(true);
    expect(challengeSignupOpen('running')).toBe(false);
    expect(challengeSignupOpen('upcoming')).toBe(false);
  });
});
