/**
 * 순위는 어디서나 한 규칙이에요 (decision 026): standard competition ranking. Entries that are equal on
 * every key their ranking compares share a place, and the next place skips as many as shared it
 * (1, 1, 3). The keys are each ranking's own (product.md): members by certifications then who
 * reached the count first; families by the average per member then the total; teams by completion
 * rate, then size, then creation time. An order only for showing rows (join order, an id) never
 * splits a place. The team ranking, ranked in SQL over thousands of teams, says the same with
 * `rank() over (…)` (team-scores.repository.ts); everything ranked in TypeScript comes here.
 */
export function competitionPlaces<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  let place = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || !same(sorted[index - 1]!, entry)) place = index + 1;
    return place;
  });
}
