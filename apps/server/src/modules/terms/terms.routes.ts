import {
  childConsentEndpoint,
  privacyPolicyListEndpoint,
  termsOfUseEndpoint,
} from '@hamkke/contract/home/terms';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { TermsService } from './terms.service.ts';

export function registerTermsRoutes(app: FastifyInstance, deps: { terms: TermsService }): void {
  const { terms } = deps;
  registerEndpoint(app, termsOfUseEndpoint, ({ body }) => terms.termsOfUse(body.version));
  registerEndpoint(app, privacyPolicyListEndpoint, () => terms.privacyPolicies());
  registerEndpoint(app, childConsentEndpoint, ({ body }) => terms.childConsentDocument(body.version));
}
