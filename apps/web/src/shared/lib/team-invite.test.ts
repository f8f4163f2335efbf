import { describe, expect, it } from 'vitest';
import { inviteTypeOf, isValidInvite, parseTeamInvitePath, teamInvitePath } from './team-invite.ts';

describe('team invite links', () => {
  it('makes and reads /team/{teamId}/{subChallengeId}/{challengeType}', () => {
    // The team is named by its public id (decision 022).
    const teamId = 'qL3v_Zk9-Xy2Wm8Rt5Np0A';
    expect(teamInvitePath(teamId, '5', 'always')).toBe(`/team/${teamId}/5/always`);
    expect(parseTeamInvitePath(`/team/${teamId}/5/always`, '?status=P')).toEqual({
      invite: {
        teamId,
        subChallengeId: '5',
        challengeType: 'always',
        status: 'P',
        callbackUrl: `/team/${teamId}/5/always?status=P`,
      },
      valid: true,
    });
  });

  it('leaves the other team pages alone', () => {
    for (const path of [
      '/team',
      '/team/create',
      '/team/12/always/5',
      '/team/12/challenge/3/5',
      '/team/member/12/always',
      '/team/invited/12',
      '/team/always/12/5',
    ]) {
      expect(parseTeamInvitePath(path), path).toBeNull();
    }
  });

  it('compares the always type case-insensitively and flags malformed params', () => {
    expect(inviteTypeOf({ challengeType: 'ALWAYS' })).toBe('always');
    expect(inviteTypeOf({ challengeType: 'challenge' })).toBe('challenge');
    expect(parseTeamInvitePath('/team/a%20b/5/always')?.valid).toBe(false);
    expect(parseTeamInvitePath('/team/abc/x5/always')?.valid).toBe(false);
    expect(parseTeamInvitePath('/team/12/5/weekly')?.valid).toBe(false);
    expect(isValidInvite({ teamId: '12', subChallengeId: '5' })).toBe(false);
    expect(isValidInvite(null)).toBe(false);
  });
});
