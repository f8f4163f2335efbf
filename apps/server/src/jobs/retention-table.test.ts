import { RETENTION } from '@hamkke/contract/retention';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_WITH_RETENTION, privacyPolicy } from '../db/seed/terms-and-notices.ts';
import { RETENTION_RULE_PERIODS } from './retention.job.ts';

const table = fs.readFileSync(new URL('../../../../docs/retention.md', import.meta.url), 'utf8');
/** The table's rows naming a job rule (`rule`) in their fourth column. */
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| Kind') && !line.startsWith('| ---'))
  .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |\s+\|?$/g, '').trim()));

/** The retention table, the job and the privacy policy say the same periods (issue 32 item 4). */
describe('the retention table', () => {
  it.each(Object.entries(RETENTION_RULE_PERIODS))('states the rule %s with its period (%s)', (rule, kind) => {
    const row = rows.find((cells) => cells[3]?.startsWith(`\`${rule}\``));
    expect(row, `a row for ${rule}`).toBeDefined();
    expect(row![1]).toContain(RETENTION[kind].words);
  });

  it('names no rule the job does not have', () => {
    const named = rows.map((cells) => /^`([a-z-]+)`/.exec(cells[3] ?? '')?.[1]).filter(Boolean);
    expect(named.sort()).toEqual(Object.keys(RETENTION_RULE_PERIODS).sort());
  });

  it('is what the seeded privacy policy states, every kind with its period', () => {
    const policy = privacyPolicy(PRIVACY_POLICY_WITH_RETENTION);
    for (const { label, from, words } of Object.values(RETENTION))
      expect(policy).toContain(`${label}: ${from}부터 ${words}`);
    expect(policy).toContain('만 14세 미만 아동의 개인정보');
    expect(policy).toContain(`공유 링크는 인증한 날부터 ${RETENTION.shareLinks.words} 동안만 열려요.`);
  });
});
