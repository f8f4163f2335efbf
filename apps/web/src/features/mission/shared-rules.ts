import { ID_PATTERN } from '@hamkke/contract/id-pattern';
import { isIsoDay } from '@hamkke/contract/seoul-day';
import type { SharedDay } from '@/shared/lib/share.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The shared day a link names, or `null` when the link cannot name one (a mistyped uuid, a date
 * that does not exist): then the page says so without asking the server.
 */
export function sharedDayFrom(params: {
  uuid?: string;
  date?: string;
  challengeId?: string;
}): SharedDay | null {
  const { uuid, date, challengeId } = params;
  if (!uuid || !UUID_PATTERN.test(uuid)) return null;
  if (!date || !isIsoDay(date)) return null;
  if (challengeId === undefined) return { uuid, date };
  return ID_PATTERN.test(challengeId) ? { uuid, date, challengeId } : null;
}
