import { AppError } from '../../lib/app-error.ts';
import { stateOf } from './team-view.ts';
import type { MemberRow, TeamRow } from './teams.repository.ts';

/** 기수가 끝난 팀은 기록으로만 남아요: 바꿀 수 없어요. */
export function assertOpen(team: TeamRow, today: string) {
  if (stateOf(team, today) === 'ended') throw new AppError('TEAM_LOCKED', "The team's round has ended");
}

/** 챌린지 팀은 기수가 시작하기 전까지만, 상시 팀은 언제든 지울 수 있어요. */
export function deletable(team: TeamRow, today: string): boolean {
  const state = stateOf(team, today);
  return team.challenge_type === 'always'
    ? state !== 'ended'
    : state === 'upcoming' || state === 'recruiting';
}

/** The people who go when `target` goes: a parent takes the children they brought. */
export function leaving(members: readonly MemberRow[], target: MemberRow): MemberRow[] {
  if (target.user_type === 'CHILD') return [target];
  return members.filter(
    (member) => member.user_id === target.user_id || member.family_user_id === target.user_id,
  );
}
