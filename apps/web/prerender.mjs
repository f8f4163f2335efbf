// After the client build: draws the entry pages of src/prerender/entry.tsx from its server-side build
// and writes them to dist/prerendered.json, which the server puts in those pages' shells.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.join(here, 'dist-prerender', 'entry.js');
const { prerenderPages } = await import(pathToFileURL(built).href);
const pages = prerenderPages();
fs.writeFileSync(path.join(here, 'dist', 'prerendered.json'), JSON.stringify(pages));
fs.rmSync(path.join(here, 'dist-prerender'), { recursive: true, force: true });
console.info(`prerendered: ${Object.keys(pages).join(', ')}`);
