import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas; the docs page lives at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '함께미션 Front API',
        description:
          'Every call is a POST with a JSON body. Success: `{ "response": <payload> }`. ' +
          'Failure: `{ "error": { "code", "message", "fields"?, "requestId" } }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page and its assets carry a Content-Security-Policy too (issue 26): the UI's own scripts and
    // styles by their hashes, nothing inline in attributes, no framing. Without upgrading requests:
    // the docs serve development over plain http, where that would break every asset.
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });
}

/**
 * swagger-ui's CSP, made as strict as the app's where it differs: never framed, forms to this origin,
 * fonts and styles from this origin only, no upgrade to https. Styles allow inline ones as the app's
 * do (the UI sets them from its scripts; a hash list would turn `'unsafe-inline'` off), which cannot
 * run code.
 */
export function docsCsp(header: string): string {
  const replaced: Record<string, string> = {
    'frame-ancestors': "frame-ancestors 'none'",
    'style-src': "style-src 'self' 'unsafe-inline'",
    'font-src': "font-src 'self' data:",
  };
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) => replaced[directive.split(/\s+/)[0]!] ?? directive)
    .concat("form-action 'self'")
    .join('; ');
}
