import { createDomainEvents } from './lib/domain-events.ts';
import type { AppModule, CoreDeps } from './modules/app-module.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { commonModule } from './modules/common/common.module.ts';
import { contentModule } from './modules/content/content.module.ts';
import { exportsModule } from './modules/exports/exports.module.ts';
import { filesModule } from './modules/files/files.module.ts';
import { termsModule } from './modules/terms/terms.module.ts';
import { identityModule } from './modules/identity/identity.module.ts';
import { missionsModule } from './modules/missions/missions.module.ts';
import { myModule } from './modules/my/my.module.ts';
import { telemetryModule } from './modules/telemetry/telemetry.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { teamsModule } from './modules/teams/teams.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { rewardsModule } from './modules/rewards/rewards.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { pushModule } from './modules/push/push.module.ts';

/**
 * Every domain module, in the order their services are built (a module may need the services
 * of modules above it). Adding a module is one line here.
 */
export const appModules = [
  systemModule,
  usersModule,
  authModule,
  termsModule,
  identityModule,
  contentModule,
  filesModule,
  missionsModule,
  commonModule,
  teamsModule,
  rewardsModule,
  exportsModule,
  myModule,
  reportsModule,
  pushModule,
  adminModule,
  telemetryModule,
] as const;

type ProvidedBy<M> = M extends AppModule<infer Provides, infer _Needs> ? Provides : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** Every service of every module, by name. */
export type Services = Intersection<ProvidedBy<(typeof appModules)[number]>>;

/** The composition root: each module's services, built once, in list order, from explicit deps. */
export function createServices(input: Omit<CoreDeps, 'events'>): Services {
  const deps: CoreDeps = {
    ...input,
    events: createDomainEvents({ onEmitted: (name) => input.metrics.domainEvent(name) }),
  };
  const built: Record<string, unknown> = {};
  for (const module of appModules as readonly AppModule<object, object>[]) {
    for (const need of module.needs ?? []) {
      if (!(need in built))
        throw new Error(`module ${module.name} needs ${need}, built by no module above it`);
    }
    if (module.services) Object.assign(built, module.services({ ...deps, ...built } as CoreDeps));
  }
  return built as Services;
}
