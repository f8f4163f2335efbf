/**
 * The note of which Pretendard subsets the last visit drew text with (decision 061): indexes into its
 * rules, kept on this device, nothing about the person. Read before the first render
 * (font-return.ts), written after the faces joined the document (pretendard.ts).
 */
const SUBSETS_USED_KEY = 'hamkke:font-groups';
/** The note of the package's 92 slices, before they were grouped (decision 063): its indexes mean nothing now. */
const SLICES_USED_KEY = 'hamkke:font-subsets';
/** Pretendard's faces are 12 groups (font-groups.ts): a note holds at most that many indexes below 12. */
export const SUBSETS = 12;

/** The note's indexes, or null when there is none or it is not one this code wrote. */
export function parseSubsetsUsed(text: string | null): number[] | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value) || value.length === 0 || value.length > SUBSETS) return null;
    if (!value.every((index) => Number.isInteger(index) && index >= 0 && index < SUBSETS)) return null;
    return value as number[];
  } catch {
    return null;
  }
}

/** The note this device keeps, read; null when there is none, or storage cannot be read. */
export function subsetsUsed(): number[] | null {
  try {
    return parseSubsetsUsed(window.localStorage.getItem(SUBSETS_USED_KEY));
  } catch {
    return null;
  }
}

export function rememberSubsetsUsed(indexes: readonly number[]): void {
  if (indexes.length === 0) return;
  try {
    window.localStorage.setItem(
      SUBSETS_USED_KEY,
      JSON.stringify([...new Set(indexes)].sort((a, b) => a - b)),
    );
    window.localStorage.removeItem(SLICES_USED_KEY);
  } catch {
    // Storage refused (private mode, full): the next visit swaps after its first paint.
  }
}

export function forgetSubsetsUsed(): void {
  try {
    window.localStorage.removeItem(SUBSETS_USED_KEY);
  } catch {
    // nothing kept
  }
}
