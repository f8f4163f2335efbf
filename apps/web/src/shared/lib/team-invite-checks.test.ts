import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { messages } from '../messages.ts';
import { joinRefusalMessage, runInviteChecks, type InviteCheckCalls } from './team-invite-checks.ts';

const invite = (challengeType: string) => ({
  teamId: '7',
  subChallengeId: '3',
  challengeType,
  callbackUrl: '/team/7/3/x',
});

function calls(overrides: Partial<InviteCheckCalls> = {}): InviteCheckCalls {
  return {
    checkIsTeam: vi.fn(async () => ({ alwaysTeamId: null, challengeTeamId: null })),
    joinedTeams: vi.fn(async () => [{ isCompleted: false, isPending: true }]),
    inviteTeamInfo: vi.fn(async () => ({ maxUser: 10, reservedSeats: 1 })),
    teamMemberCount: vi.fn(async () => 5),
    checkTeamMember: vi.fn(async () => 0),
    ...overrides,
  };
}

describe('runInviteChecks (spec §4, in order)', () => {
  it('passes when every check passes', async () => {
    expect(await runInviteChecks(invite('challenge'), '1', calls())).toBeNull();
  });

  it('1. an always invite while already in another always team (type compared case-insensitively)', async () => {
    const c = calls({ checkIsTeam: async () => ({ alwaysTeamId: '9', challengeTeamId: '2' }) });
    expect(await runInviteChecks(invite('ALWAYS'), '1', c)).toBe('alreadyInAlwaysTeam');
  });

  it('2. a challenge invite while already in another team of the round', async () => {
    const c = calls({ checkIsTeam: async () => ({ alwaysTeamId: null, challengeTeamId: '2' }) });
    expect(await runInviteChecks(invite('challenge'), '1', c)).toBe('alreadyInChallengeTeam');
  });

  it('3. a team whose manager closed recruiting has its own reason, for both team types', async () => {
    const closed = { inviteTeamInfo: async () => ({ maxUser: 10, reservedSeats: 0, recruitingOpen: false }) };
    expect(
      await runInviteChecks(
        invite('challenge'),
        '1',
        calls({ ...closed, joinedTeams: async () => [{ isCompleted: false, isPending: false }] }),
      ),
    ).toBe('recruitingClosed');
    expect(
      await runInviteChecks(
        invite('always'),
        '1',
        calls({ ...closed, joinedTeams: async () => [{ isCompleted: true, isPending: false }] }),
      ),
    ).toBe('recruitingClosed');
  });

  it('3. the signup period: challenge needs isPending, always needs !isCompleted, an error is closed', async () => {
    expect(
      await runInviteChecks(
        invite('challenge'),
        '1',
        calls({ joinedTeams: async () => [{ isCompleted: false, isPending: false }] }),
      ),
    ).toBe('notInvitePeriod');
    expect(
      await runInviteChecks(
        invite('always'),
        '1',
        calls({ joinedTeams: async () => [{ isCompleted: true, isPending: false }] }),
      ),
    ).toBe('notInvitePeriod');
    expect(
      await runInviteChecks(
        invite('always'),
        '1',
        calls({ joinedTeams: async () => [{ isCompleted: false, isPending: false }] }),
      ),
    ).toBeNull();
    const failing = calls({ joinedTeams: async () => Promise.reject(new Error('down')) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runInviteChecks(invite('challenge'), '1', failing)).toBe('notInvitePeriod');
  });

  it('says a link naming no team names none (a counted or made-up id, decision 022)', async () => {
    const missing = calls({
      joinedTeams: async () => Promise.reject(new ApiError('NOT_FOUND', 404, 'No such team')),
      inviteTeamInfo: async () => Promise.reject(new ApiError('NOT_FOUND', 404, 'No such team')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runInviteChecks(invite('challenge'), '1', missing)).toBe('teamNotFound');
  });

  it('4. capacity: members and held seats must be below maxUser', async () => {
    expect(await runInviteChecks(invite('challenge'), '1', calls({ teamMemberCount: async () => 9 }))).toBe(
      'capacityExceeded',
    );
    expect(
      await runInviteChecks(invite('challenge'), '1', calls({ teamMemberCount: async () => 8 })),
    ).toBeNull();
  });

  it('5. already a member of this team, and the order: a full team is reported before membership', async () => {
    const member = calls({
      checkIsTeam: async () => ({ alwaysTeamId: null, challengeTeamId: '7' }),
      checkTeamMember: async () => 1,
    });
    expect(await runInviteChecks(invite('challenge'), '1', member)).toBe('alreadyMember');
    const fullAndMember = calls({ teamMemberCount: async () => 10, checkTeamMember: async () => 1 });
    expect(await runInviteChecks(invite('challenge'), '1', fullAndMember)).toBe('capacityExceeded');
  });
});

describe("a refused join (수락하기) is told in the tapper's words", () => {
  it('maps the join refusals to the invite reasons, and leaves the rest to the catalog', () => {
    expect(joinRefusalMessage(new ApiError('TEAM_FULL', 409, 'full'))).toBe(messages.invite.capacityExceeded);
    expect(joinRefusalMessage(new ApiError('TEAM_SIGNUP_CLOSED', 409, 'closed'))).toBe(
      messages.invite.notInvitePeriod,
    );
    expect(joinRefusalMessage(new ApiError('NETWORK', 0, 'offline'))).toBeNull();
    expect(joinRefusalMessage(new Error('x'))).toBeNull();
  });
});
