import type { TeamType } from '@/shared/api/teams.ts';
import { useParams } from '@/shared/routing/location.ts';

/** The team a page is about, from its path (spec §2): enough to link between its pages. */
export function useTeamRef(type: TeamType) {
  const { teamId = '', challengeId = '', subChallengeId = '' } = useParams();
  return { teamId, challengeId, subChallengeId, challengeType: type };
}
