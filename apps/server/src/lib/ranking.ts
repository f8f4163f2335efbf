/**
 * 순위는 어디서나 한 규칙이에요 (decision 026): standard competition ranking on the number a ranking
 * shows. Entries equal on it — certifications (members), the average per member (families), the
 * completion rate (teams) — share a place, and the next place skips as many as shared it (1, 1, 3).
 * The product's tie-breakers (who reached the count first; the total; size, then creation time)
 * only order the rows inside a shared place, so two rows reading "18회" never read 6위 and 7위.
 * The team ranking, ranked in SQL over thousands of teams, says the same with `rank() over (order by
 * rate desc)` (team-scores.repository.ts); everything ranked in TypeScript comes here.
 */
export function competitionPlaces<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  let place = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || !same(sorted[index - 1]!, entry)) place = index + 1;
    return place;
  });
}
