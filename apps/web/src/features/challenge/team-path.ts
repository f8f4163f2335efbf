/** The round's team detail path (same rule as the team feature's). */
export function teamPath(
  round: { challengeType: 'challenge' | 'always'; challengeId: string; subChallengeId: string },
  teamId: string,
): string {
  return round.challengeType === 'always'
    ? `/team/${teamId}/always/${round.subChallengeId}`
    : `/team/${teamId}/challenge/${round.challengeId}/${round.subChallengeId}`;
}
