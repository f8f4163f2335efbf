import { z } from 'zod';
import { ISO_DAY_PATTERN, isRealDay } from './seoul-day.ts';

export { addDays, isIsoDay, SERVICE_TIME_ZONE, seoulDay, seoulDayEnd, seoulDayStart } from './seoul-day.ts';

/** A calendar day as it appears in URLs and bodies: `YYYY-MM-DD`. */
export const isoDaySchema = z
  .string()
  .regex(ISO_DAY_PATTERN, 'must be a YYYY-MM-DD day')
  .refine(isRealDay, 'must be a real calendar day');
