// After the client build: draws the entry pages of src/prerender/entry.tsx from its server-side build
// (dist/ssr, which the server also loads to draw shared days per request and never serves) and
// writes them to dist/prerendered.json, which the server puts in those pages' shells.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.join(here, 'dist', 'ssr', 'entry.js');
const { prerenderPages } = await import(pathToFileURL(built).href);
const pages = prerenderPages();
fs.writeFileSync(path.join(here, 'dist', 'prerendered.json'), JSON.stringify(pages));
console.info(`prerendered: ${Object.keys(pages).join(', ')}`);
