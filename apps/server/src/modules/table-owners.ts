import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every module's declared tables (`modules/<module>/<module>.tables.ts`), read from the files the
 * ownership lint reads too, so the architecture page's table cannot drift from them
 * (`npm run docs:tables` writes it; a unit test compares).
 */
const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const DECLARATION = /export const ownedTables = \[([^\]]*)\] as const;/;

export function tableOwners(): Array<{ module: string; tables: string[] }> {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const file = path.join(modulesDir, entry.name, `${entry.name}.tables.ts`);
      if (!fs.existsSync(file)) return { module: entry.name, tables: [] };
      const list = DECLARATION.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
      return { module: entry.name, tables: [...list.matchAll(/'([a-z0-9_]+)'/g)].map((match) => match[1]!) };
    })
    .filter((owner) => owner.tables.length > 0)
    .sort((a, b) => a.module.localeCompare(b.module));
}

/** The Markdown table of `docs/architecture.md` between `<!-- tables:start -->` and `<!-- tables:end -->`. */
export function tableOwnersMarkdown(): string {
  const rows = [
    ...tableOwners().map(({ module, tables }) => [`\`${module}\``, tables.map((t) => `\`${t}\``).join(', ')]),
    ['(`jobs/`, not a module)', '`job_leases`, `job_runs`'],
  ];
  const header = ['Module', 'Owns (only its repositories and views name these tables)'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}
