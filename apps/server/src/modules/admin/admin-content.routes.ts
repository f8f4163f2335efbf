import {
  adminCommonCodeCreateEndpoint,
  adminCommonCodeListEndpoint,
  adminCommonCodeSetActiveEndpoint,
  adminCommonCodeUpdateEndpoint,
} from '@hamkke/contract/admin/common-codes';
import {
  registryApplyEndpoint,
  registryDryRunEndpoint,
  registrySearchEndpoint,
} from '@hamkke/contract/admin/registry';
import {
  adminServiceInfoGetEndpoint,
  adminServiceInfoUpdateEndpoint,
} from '@hamkke/contract/admin/service-info';
import { adminTermsListEndpoint, adminTermsPublishEndpoint } from '@hamkke/contract/admin/terms';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { createAdminCommonCodesService } from './admin-common-codes.service.ts';
import type { createAdminRegistryService } from './admin-registry.service.ts';
import type { createAdminServiceInfoService } from './admin-service-info.service.ts';
import type { createAdminTermsService } from './admin-terms.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The console's terms versions, service info, common codes and membership registry (content). */
export function registerAdminContentRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  services: {
    adminTerms: ReturnType<typeof createAdminTermsService>;
    adminServiceInfo: ReturnType<typeof createAdminServiceInfoService>;
    adminCommonCodes: ReturnType<typeof createAdminCommonCodesService>;
    adminRegistry: ReturnType<typeof createAdminRegistryService>;
  },
): void {
  const { adminTerms, adminServiceInfo, adminCommonCodes, adminRegistry } = services;
  registerAdminEndpoint(app, auth, adminTermsListEndpoint, ({ body }) => adminTerms.list(body.kind));
  registerAdminEndpoint(app, auth, adminTermsPublishEndpoint, ({ actor, body }) =>
    adminTerms.publish(actor, body),
  );

  registerAdminEndpoint(app, auth, adminServiceInfoGetEndpoint, () => adminServiceInfo.get());
  registerAdminEndpoint(app, auth, adminServiceInfoUpdateEndpoint, ({ actor, body }) =>
    adminServiceInfo.update(actor, body),
  );

  registerAdminEndpoint(app, auth, adminCommonCodeListEndpoint, ({ body }) =>
    adminCommonCodes.list(body.groupKey),
  );
  registerAdminEndpoint(app, auth, adminCommonCodeCreateEndpoint, ({ actor, body }) =>
    adminCommonCodes.create(actor, body),
  );
  registerAdminEndpoint(app, auth, adminCommonCodeUpdateEndpoint, ({ actor, body }) =>
    adminCommonCodes.update(actor, body),
  );
  registerAdminEndpoint(app, auth, adminCommonCodeSetActiveEndpoint, ({ actor, body }) =>
    adminCommonCodes.setActive(actor, body),
  );

  registerAdminEndpoint(app, auth, registryDryRunEndpoint, ({ body }) => adminRegistry.dryRun(body.file));
  registerAdminEndpoint(app, auth, registryApplyEndpoint, ({ actor, body }) =>
    adminRegistry.apply(actor, body.file, body.expected),
  );
  registerAdminEndpoint(app, auth, registrySearchEndpoint, ({ body }) => adminRegistry.search(body));
}
