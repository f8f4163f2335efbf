import type { AdminEndpoint } from '@hamkke/contract/admin/endpoint';
import type { Endpoint } from '@hamkke/contract/endpoint';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/*
 * Development and tests only: the client (client.ts) loads this under `import.meta.env.DEV`, which a
 * production build replaces with false, so neither this module nor zod reaches the browser. Every
 * answer is held to the contract's response schema, as the server serialized it (decision 021): an
 * app endpoint's schema is found by its path among the contract's modules, a console endpoint
 * carries its own.
 */

/** The contract's modules that declare the app's endpoints (not the console's, not tests). */
const frontModules = import.meta.glob<Record<string, unknown>>([
  '../../../../../packages/contract/src/**/*.ts',
  '!**/*.test.ts',
  '!**/admin/**',
  '!**/routes.ts',
]);

function isEndpoint(value: unknown): value is Endpoint {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Partial<Endpoint>;
  return typeof candidate.path === 'string' && typeof candidate.response?.safeParse === 'function';
}

let frontSchemas: Promise<Map<string, z.ZodType>> | undefined;

/** Every app endpoint's response schema by its path (loaded once, at the first call). */
function frontSchemaMap(): Promise<Map<string, z.ZodType>> {
  frontSchemas ??= Promise.all(Object.values(frontModules).map((load) => load())).then((modules) => {
    const schemas = new Map<string, z.ZodType>();
    for (const module of modules) {
      for (const value of Object.values(module))
        if (isEndpoint(value)) schemas.set(value.path, value.response);
    }
    return schemas;
  });
  return frontSchemas;
}

/**
 * Throws `INVALID_RESPONSE` when an answer is not what the contract says the endpoint answers; the
 * answer itself is returned as it came, so development sees exactly what production would.
 */
export async function checkAnswer(
  endpoint: Pick<Endpoint, 'path'> | AdminEndpoint,
  answer: unknown,
): Promise<void> {
  const schema =
    'response' in endpoint
      ? (endpoint as AdminEndpoint).response
      : (await frontSchemaMap()).get(endpoint.path);
  if (!schema) {
    throw new ApiError('INVALID_RESPONSE', 200, `no contract for ${endpoint.path}`);
  }
  const checked = schema.safeParse(answer);
  if (!checked.success) {
    console.error(`[api] ${endpoint.path}: the answer is not the contract's`, checked.error.issues);
    throw new ApiError('INVALID_RESPONSE', 200, `unexpected response from ${endpoint.path}`);
  }
}
