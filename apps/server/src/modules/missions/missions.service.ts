import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { createCertificationService } from './certification.service.ts';
import { createMissionStatusService } from './mission-status.service.ts';
import { createMissionViews } from './mission-views.ts';
import { countVisibleCertifications } from './missions.repository.ts';
import { createShareService } from './share.service.ts';

export interface MissionsDeps {
  db: Kysely<Database>;
  clock: Clock;
  files: FilesService;
  content: ContentService;
  events: DomainEvents;
}

/**
 * The missions module's services, one per contract file: certification (`home/*`), status
 * (`mission/*` reads), share links. Other modules see them as one `missions` service.
 */
export function createMissionsService(deps: MissionsDeps) {
  const views = createMissionViews(deps);
  return {
    ...createCertificationService({ ...deps, views }),
    ...createMissionStatusService({ db: deps.db, views }),
    ...createShareService({ db: deps.db, clock: deps.clock, views }),
    /** Everyone's certifications not hidden by an operator, all time or on one Seoul day (the header counts). */
    certificationCount: (day?: string) => countVisibleCertifications(deps.db, day),
  };
}
export type MissionsService = ReturnType<typeof createMissionsService>;
