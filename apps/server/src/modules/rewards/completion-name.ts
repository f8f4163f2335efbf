/**
 * The name of a round's completion badge reward: the round's title once, then 완주. A round's
 * title usually already starts with its challenge's title ("21일 가족 건강 챌린지 1기"); the
 * challenge's title is put in front only when the round's title does not name it.
 */
export function completionRewardName(challengeTitle: string, roundTitle: string): string {
  const challenge = challengeTitle.trim();
  const round = roundTitle.trim();
  const named = challenge === '' || round.includes(challenge) ? round : `${challenge} ${round}`;
  return `${named} 완주`;
}
