/** Writes docs/architecture.md's table of table owners from the modules' `.tables.ts` (`npm run docs:tables`). */
import fs from 'node:fs';
import { tableOwnersMarkdown } from '../apps/server/src/modules/table-owners.ts';

const START = '<!-- tables:start -->';
const END = '<!-- tables:end -->';
const page = new URL('../docs/architecture.md', import.meta.url);
const text = fs.readFileSync(page, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/architecture.md needs ${START} … ${END}`);
fs.writeFileSync(
  page,
  `${text.slice(0, from + START.length)}\n\n${tableOwnersMarkdown()}\n\n${text.slice(to)}`,
);
console.info('docs/architecture.md table owners written');
