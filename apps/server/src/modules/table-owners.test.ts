import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { tableOwners, tableOwnersMarkdown } from './table-owners.ts';

/** Every table of the schema, by name (a compile error here when a table is added without listing it). */
const schemaTables: Record<keyof Database, true> = {
  users: true,
  access_tokens: true,
  membership_registry: true,
  terms_documents: true,
  common_codes: true,
  notices: true,
  notice_reads: true,
  challenges: true,
  sub_challenges: true,
  missions: true,
  mission_certifications: true,
  photo_reuse_flags: true,
  login_logs: true,
  activity_logs: true,
  auto_login_tokens: true,
  user_agreements: true,
  guardian_consents: true,
  kakao_login_attempts: true,
  teams: true,
  team_members: true,
  team_invitations: true,
  team_favorites: true,
  job_leases: true,
  job_runs: true,
  files: true,
  share_days: true,
  mission_action_logs: true,
  forbidden_words: true,
  popups: true,
  faqs: true,
  content_pages: true,
  child_links: true,
  badge_rules: true,
  user_badges: true,
  round_closes: true,
  round_team_results: true,
  round_member_results: true,
  medals: true,
  rewards: true,
  operators: true,
  operator_sessions: true,
  audit_logs: true,
  certification_report_cases: true,
  certification_reports: true,
  exports: true,
  push_subscriptions: true,
  push_preferences: true,
  push_sends: true,
};

describe('table owners', () => {
  it('gives every table of the schema exactly one owner (jobs/ keeps its two)', () => {
    const owned = tableOwners().flatMap(({ tables }) => tables);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned, 'job_leases', 'job_runs'].sort()).toEqual(Object.keys(schemaTables).sort());
  });

  it('is the table docs/architecture.md shows (npm run docs:tables)', () => {
    const page = fs.readFileSync(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
    const shown = /<!-- tables:start -->([\s\S]*?)<!-- tables:end -->/.exec(page)?.[1]?.trim();
    expect(shown).toBe(tableOwnersMarkdown());
  });
});
