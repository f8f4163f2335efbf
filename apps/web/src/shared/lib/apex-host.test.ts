import { describe, expect, it } from 'vitest';
import { apexHostRedirect } from './apex-host.ts';

describe('apexHostRedirect', () => {
  it('strips www. and keeps path, query and fragment', () => {
    expect(apexHostRedirect('https://www.hamkke-mission.kr/team?tab=in_progress#a')).toBe(
      'https://hamkke-mission.kr/team?tab=in_progress#a',
    );
  });

  it('leaves the apex host and other hosts alone', () => {
    expect(apexHostRedirect('https://hamkke-mission.kr/home')).toBeNull();
    expect(apexHostRedirect('http://localhost:5173/home')).toBeNull();
    expect(apexHostRedirect('https://wwwx.example.com/')).toBeNull();
  });
});
