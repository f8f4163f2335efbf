import { adminActivityLogListEndpoint, adminLoginLogListEndpoint } from '@hamkke/contract/admin/logs';
import { adminUnlockChildLoginEndpoint } from '@hamkke/contract/admin/people';
import {
  registryApplyEndpoint,
  registryDryRunEndpoint,
  registrySearchEndpoint,
} from '@hamkke/contract/admin/registry';
import type { FastifyInstance } from 'fastify';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { ChildrenLoginService } from './children-login.service.ts';
import type { LogPagesService } from './log-pages.service.ts';
import type { MembershipRegistryService } from './membership-registry.service.ts';

/**
 * The console's membership registry and logs (decision 065). The registry's CSV comes as base64
 * bytes (its encoding detected here, decision 031): a dry run, then an apply that writes one audit
 * row of counts, bytes and encoding in its transaction. Activity and login logs are read only.
 * Support lifts a child's children-login lock (decision 033), one audit row naming the child.
 */
export function registerIdentityConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: {
    membershipRegistry: MembershipRegistryService;
    logPages: LogPagesService;
    childrenLogin: ChildrenLoginService;
  },
): void {
  const { membershipRegistry: registry, logPages, childrenLogin } = services;
  registerConsoleRead(app, kit, registryDryRunEndpoint, ({ body }) =>
    registry.dryRun(Buffer.from(body.file, 'base64')),
  );
  registerAuditedEndpoint(app, kit, registryApplyEndpoint, async ({ body, trx }) => {
    const bytes = Buffer.from(body.file, 'base64');
    const { encoding, counts } = await registry.apply(bytes, body.expected, trx);
    return {
      answer: { encoding, counts },
      audit: {
        action: 'registry.import',
        target: 'membership-registry',
        after: { ...counts, bytes: bytes.length, encoding },
      },
    };
  });
  registerConsoleRead(app, kit, registrySearchEndpoint, ({ body }) => registry.search(body));

  registerConsoleRead(app, kit, adminActivityLogListEndpoint, ({ body }) => logPages.activity(body));
  registerConsoleRead(app, kit, adminLoginLogListEndpoint, ({ body }) => logPages.login(body));

  // The lock lives in the counter store, not the database: lifted before the audit row is written.
  registerAuditedEndpoint(app, kit, adminUnlockChildLoginEndpoint, async ({ body, trx }) => {
    const child = await childrenLogin.liftLoginLock(body.userId, trx);
    return {
      answer: { userId: String(child.userId), unlocked: true as const },
      audit: {
        action: 'person.unlock-child-login',
        target: `user:${child.userId}`,
        after: { loginId: child.loginId, parentUserId: child.parentUserId },
      },
    };
  });
}
