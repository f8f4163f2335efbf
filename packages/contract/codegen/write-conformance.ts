/** Writes docs/spec-conformance.md from the contract, the web's callers and the router (`npm run docs:conformance`). */
import fs from 'node:fs';
import prettier from 'prettier';
import { CONFORMANCE_FILE, conformanceSource } from './conformance-generate.ts';

const options = await prettier.resolveConfig(CONFORMANCE_FILE);
fs.writeFileSync(
  CONFORMANCE_FILE,
  await prettier.format(await conformanceSource(), { ...options, filepath: CONFORMANCE_FILE }),
);
console.info(`${CONFORMANCE_FILE} written`);
