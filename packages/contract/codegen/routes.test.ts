import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { frontEndpoints, ROUTES_FILE, routesSource } from './routes-generate.ts';
import * as routes from '../src/routes.ts';

describe('the route table (routes.ts)', () => {
  it('is what `npm run contract:routes` writes from the endpoints today', async () => {
    const options = await prettier.resolveConfig(ROUTES_FILE);
    const expected = await prettier.format(await routesSource(), { ...options, filepath: ROUTES_FILE });
    expect(fs.readFileSync(ROUTES_FILE, 'utf8'), 'run `npm run contract:routes`').toBe(expected);
  });

  it('names every front endpoint once, with its path and auth level', async () => {
    const endpoints = await frontEndpoints();
    expect(endpoints.length).toBeGreaterThan(100);
    const table = routes as Record<string, { path: string; auth: string }>;
    expect(Object.keys(table).sort()).toEqual(endpoints.map((entry) => entry.name).sort());
    for (const { name, endpoint } of endpoints) {
      expect(table[name], name).toEqual({ path: endpoint.path, auth: endpoint.auth });
    }
  });

  it('imports nothing at run time but route.ts, which imports nothing at run time (no zod)', () => {
    const runtimeImports = (file: string) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^import\s/.test(line) && !/^import type\s/.test(line));
    expect(runtimeImports(ROUTES_FILE)).toEqual(["import { route } from './route.ts';"]);
    expect(runtimeImports(path.join(path.dirname(ROUTES_FILE), 'route.ts'))).toEqual([]);
  });
});
