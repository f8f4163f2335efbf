import { defineModule } from '../app-module.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { registerPhotoReuseConsole } from './photo-reuse.console.ts';
import { createPhotoReuseService, type PhotoReuseService } from './photo-reuse.service.ts';
import { registerReportsConsole } from './reports.console.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

/** Reports of certifications and their moderation cases (decision 045); reused photos (decision 069). */
export const reportsModule = defineModule<
  { reports: ReportsService; photoReuse: PhotoReuseService },
  // Files and users serve the console's queue and decisions (reports.console.ts).
  { certificationOversight: CertificationOversightService; files: FilesService; users: UsersService }
>({
  name: 'reports',
  needs: ['certificationOversight', 'files', 'users'],
  services: ({ db, clock, counters, events, certificationOversight, files }) => {
    const photoReuse = createPhotoReuseService({ db, clock, files, certificationOversight });
    // A certification's photos are checked against earlier ones in its own transaction.
    events.on('certified', (trx, event) => photoReuse.check(trx, event.certificationId));
    return {
      reports: createReportsService({ db, clock, counters, certificationOversight, photoReuse }),
      photoReuse,
    };
  },
  routes: (app, { services, console }) => {
    registerReportRoutes(app, services);
    registerReportsConsole(app, console, services);
    registerPhotoReuseConsole(app, console, services);
  },
});
