import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import type { MissionsService } from '../missions/missions.service.ts';

/** What every teams service is built from. */
export interface TeamsDeps {
  db: Kysely<Database>;
  clock: Clock;
  content: ContentService;
  activity: ActivityLogService;
  missions: MissionsService;
  events: DomainEvents;
  /** A round's whole team ranking is reused this long per server. */
  rankingCacheMs: number;
}

export function clockTools(clock: Clock) {
  return {
    today: () => seoulToday(clock),
    now: () => clock().toISOString(),
  };
}
