/** Writes packages/contract/src/routes.ts from the contract's front endpoints (`npm run contract:routes`). */
import fs from 'node:fs';
import prettier from 'prettier';
import { ROUTES_FILE, routesSource } from './routes-generate.ts';

const options = await prettier.resolveConfig(ROUTES_FILE);
fs.writeFileSync(
  ROUTES_FILE,
  await prettier.format(await routesSource(), { ...options, filepath: ROUTES_FILE }),
);
console.info(`${ROUTES_FILE} written`);
