import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configurationTable, envSchema, loadConfig } from './config.ts';

/** Table rows as trimmed cells, so Prettier's padding does not matter. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

describe('configuration', () => {
  it("README's table lists every variable the server reads, as the schema describes it", () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = /<!-- config:start -->([\s\S]*?)<!-- config:end -->/.exec(readme)?.[1] ?? '';
    expect(cells(section)).toEqual(cells(configurationTable()));
    expect(
      cells(section)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(Object.keys(envSchema.shape).map((name) => `\`${name}\``));
  });

  it('every variable has a description', () => {
    for (const row of cells(configurationTable()).slice(1)) expect(row[2]).not.toBe('');
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
