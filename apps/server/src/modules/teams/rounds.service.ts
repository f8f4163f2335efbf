import type { CreateTeamBlock, Round, RoundCard, RoundMission } from '@hamkke/contract/challenge/round';
import { AppError } from '../../lib/app-error.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { memberWindow, stateOf } from './team-view.ts';
import { countOfPerson } from './team-scores.repository.ts';
import {
  countTeamsByRound,
  findMissionsOfRounds,
  findRounds,
  findSlotsOfUser,
  findTeamsOfUser,
  findUser,
  type RoundRow,
} from './teams.repository.ts';

export function toRound(row: RoundRow, today: string): Round {
  return {
    subChallengeId: String(row.id),
    challengeId: String(row.challenge_id),
    challengeType: row.challenge_type,
    challengeTitle: row.challenge_title,
    challengeDescription: row.challenge_description,
    round: row.round,
    title: row.title,
    recruitStart: row.recruit_start,
    recruitEnd: row.recruit_end,
    startDate: row.start_date,
    endDate: row.end_date,
    maxUser: row.max_user,
    state: stateOf(row, today),
  };
}

export function toMissions(
  rows: Awaited<ReturnType<typeof findMissionsOfRounds>>,
  subChallengeId: number,
): RoundMission[] {
  return rows
    .filter((row) => row.sub_challenge_id === subChallengeId)
    .map((row) => ({
      missionId: String(row.id),
      title: row.title,
      description: row.description,
      icon: row.icon,
      proofType: row.proof_type,
    }));
}

/** The challenge pages: rounds by state, whether the person can make a team, their own rounds. */
export function createRoundsService(deps: TeamsDeps) {
  const { db } = deps;
  const { today } = clockTools(deps.clock);

  /**
   * Why this person cannot make a team for this round now (null: they can). The membership check
   * comes last: it is the one the person can do something about, so it is named only where
   * verifying would let them make a team (a closed round or a team already joined says so instead).
   */
  async function createTeamBlock(userId: number, round: RoundRow, day: string): Promise<CreateTeamBlock> {
    const user = await findUser(db, userId);
    if (!user || user.user_type !== 'PARENT') return 'CHILD';
    const state = stateOf(round, day);
    const open =
      round.challenge_type === 'always' ? state !== 'ended' && state !== 'upcoming' : state === 'recruiting';
    if (!open) return 'NOT_RECRUITING';
    const slots = await findSlotsOfUser(db, userId);
    const slot = round.challenge_type === 'always' ? 'always' : `challenge:${round.id}`;
    if (slots.some((row) => row.slot_key === slot)) return 'ALREADY_IN_TEAM';
    if (!user.pin_verified_at) return 'NOT_PIN_USER';
    return null;
  }

  return {
    createTeamBlock,

    /** `/challenge`: recruiting and running rounds with counts, missions and the person's place. */
    async challengeType(userId: number, challengeType?: 'challenge' | 'always') {
      const day = today();
      const rounds = (await findRounds(db)).filter((row) => {
        const state = stateOf(row, day);
        return (
          (state === 'recruiting' || state === 'running') &&
          (!challengeType || row.challenge_type === challengeType)
        );
      });
      const [missions, counts, mine] = await Promise.all([
        findMissionsOfRounds(
          db,
          rounds.map((row) => row.id),
        ),
        countTeamsByRound(db),
        findTeamsOfUser(db, userId),
      ]);
      const cards: RoundCard[] = [];
      for (const row of rounds) {
        const count = counts.find((entry) => entry.sub_challenge_id === row.id);
        const team = mine.find((entry) => entry.sub_challenge_id === row.id);
        cards.push({
          ...toRound(row, day),
          missions: toMissions(missions, row.id),
          teamCount: Number(count?.teams ?? 0),
          memberCount: Number(count?.members ?? 0),
          myTeam: team
            ? {
                teamId: team.public_id,
                teamMbrId: String(team.team_mbr_id),
                name: team.name,
                emoji: team.emoji,
                role: team.role,
              }
            : null,
          createTeamBlock: await createTeamBlock(userId, row, day),
        });
      }
      return { today: day, rounds: cards };
    },

    async checkChallenge(userId: number, subChallengeId: number) {
      const day = today();
      const [row] = await findRounds(db, { subChallengeId });
      if (!row) throw new AppError('NOT_FOUND', 'No such round');
      return {
        round: toRound(row, day),
        missions: toMissions(await findMissionsOfRounds(db, [row.id]), row.id),
        createTeamBlock: await createTeamBlock(userId, row, day),
      };
    },

    /**
     * The person's rounds (active: not ended; ended: history) with their team and result so far. It
     * reads team membership, as `challenge/inprogress-challenge-mission-cnt` does, so the two agree.
     */
    async participating(userId: number, which: 'active' | 'ended') {
      const day = today();
      const teams = (await findTeamsOfUser(db, userId)).filter((team) =>
        which === 'ended' ? stateOf(team, day) === 'ended' : stateOf(team, day) !== 'ended',
      );
      const rounds = await findRounds(db);
      const missions = await findMissionsOfRounds(
        db,
        teams.map((team) => team.sub_challenge_id),
      );
      const result = [];
      for (const team of teams) {
        const round = rounds.find((row) => row.id === team.sub_challenge_id)!;
        // Missions × the days the person was in the team, and what they certified in them.
        const window = memberWindow(team, team.joined_at, day);
        const missionCount = missions.filter((m) => m.sub_challenge_id === team.sub_challenge_id).length;
        const certified = window
          ? await countOfPerson(db, {
              userId,
              subChallengeId: team.sub_challenge_id,
              from: window.from,
              to: window.to,
              since: team.challenge_type === 'always' ? team.joined_at : null,
            })
          : 0;
        result.push({
          ...toRound(round, day),
          team: {
            teamId: team.public_id,
            teamMbrId: String(team.team_mbr_id),
            name: team.name,
            emoji: team.emoji,
            role: team.role,
          },
          result: { certified, possible: window ? window.days * missionCount : 0 },
        });
      }
      return { rounds: result };
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;
