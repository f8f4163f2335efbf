/**
 * Writes the text of docs/spec-conformance.md: every front endpoint of the contract (spec §7) with the
 * web files that call it, or the reason it does not (decision 037), and every route of the router's
 * table (spec §2). `npm run docs:conformance` writes the file; conformance.test.ts fails when a call is
 * neither called by the web nor given a reason, and when the file is out of step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontEndpoints } from './routes-generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CONFORMANCE_FILE = path.join(root, 'docs/spec-conformance.md');
const webSrc = path.join(root, 'apps/web/src');
const ROUTE_PATHS_FILE = path.join(webSrc, 'app/route-paths.ts');
const ROUTER_FILE = path.join(webSrc, 'app/router.tsx');

/**
 * Spec §7 calls the server answers but the web does not make, each with a one-line reason
 * (decision 037 lists them). A call the web starts to make must leave this map (the test says so).
 */
export const NOT_CALLED: Readonly<Record<string, string>> = {
  'challenge/inprogress-challenge-mission-cnt':
    '/challenge and /home read rounds and missions from `challenge/participating-challenge` and `home/mission-list`; no screen shows this count alone',
  'common/commcode-keys':
    'the web carries no code lists it would look up; common codes are kept in the operator console',
  'common/s3-url':
    'photos go up through `common/upload`, which answers with their address; the web never asks for one',
  'common/send-kakao':
    'sharing uses the Kakao SDK, the Web Share API or a copied link; no screen has a send-to-me button',
  'common/total-mission-certification-count':
    'the header shows `common/total-user-mission` and `today-mission-certification-count`; the all-time total has no place on a screen',
  'common/total-user-count': 'the header shows no member count; no screen has a place for it',
  'home/mission-action-log':
    'the web logs screen actions through `user/save-user-activity-log`; certifying and deleting are kept as the certifications themselves',
  'login/check-user-status':
    'a required terms version is asked for at the next Kakao login (/login/agreement), not at app start',
  'login/login-log':
    'the server writes the login log itself when a Kakao login succeeds, so the web sends no second record',
  'login/user-count': 'the login page shows no member count',
  'mission/challenge-certified-info':
    "the challenge team pages read each day's certification state from `team/team-detail-with-mission` and the calendar from `mission/mission-status-by-month`",
  'mission/inprogress-always-mission-cnt':
    '/home reads the always rounds with their missions from `home/mission-list`; no screen shows this count alone',
  'mission/mission-status-by-date':
    'the calendar reads a whole month (`mission/mission-status-by-month`) and a chosen day through `mission/mission-info-by-date`',
  'mission/participating-mission-count':
    '/home counts the missions of `home/mission-list` it draws; no screen shows this count alone',
  'my/check-pin-user':
    'the pin state comes with `my/myinfo` (`pinUser`), which every guarded screen already reads',
  'team/available-teams-in-other':
    'no screen offers teams of other rounds; /challenge and /team show the rounds a person is in or may join',
  'team/members':
    'the member lists read `team/team-member-always` and `team/team-member-challenge`, which carry the day state the screens draw',
  'user/achieved-badges': '/my/badges reads every badge with its achieved date from `user/badge-status`',
  'user/first-badge': 'new badges pop up once from `user/new-badges`; no screen marks a first badge apart',
  'user/user-links': 'no screen shows family links or profiles yet (README: server only)',
  'team/team-info-by-teamId':
    'the team pages read `team/team-detail-with-mission` and the member lists; the unused member-info query was removed (a358898)',
};

export interface BehaviourRow {
  behaviour: string;
  status: string;
  /** Test files (from the repository's root) that check it; the test fails when one is gone. */
  tests: string[];
}

/**
 * Spec §4's behaviours, kept by hand (a grep cannot find a behaviour): what the code does, the
 * decision record where it differs from the spec's words, and the tests that check it.
 */
export const BEHAVIOURS: readonly BehaviourRow[] = [
  {
    behaviour: 'Logged in means the session item exists',
    status: 'as specified; the session is shared across tabs (decision 023)',
    tests: ['apps/web/src/shared/stores/persisted-session.test.ts', 'apps/web/src/app/route-guards.test.ts'],
  },
  {
    behaviour:
      'Token extended to one hour on visits to home, challenge, team, my, shared paths; header countdown; at zero to /login/auth',
    status:
      'as specified; tokens are issued and extended by the server (decision 004), capped at 12 hours (decision 034)',
    tests: ['apps/web/e2e/sessions.e2e.test.ts', 'apps/web/src/shared/format/countdown.test.ts'],
  },
  {
    behaviour: 'Social login: health check first, then code, token, profile, age, phone, pin user, login',
    status: 'as specified',
    tests: ['apps/web/e2e/identity-login.e2e.test.ts'],
  },
  {
    behaviour: 'Outcomes USER, UNDER19, EMPTY_PHONE_NUMBER, FAIL, other userStatus',
    status: 'as specified',
    tests: ['apps/web/src/features/auth/login-rules.test.ts', 'apps/web/e2e/identity-login.e2e.test.ts'],
  },
  {
    behaviour: 'Children login sets userInfo and tokens, clears kakaoToken and pinUser',
    status: 'as specified',
    tests: ['apps/web/src/shared/stores/session-store.test.ts'],
  },
  {
    behaviour: 'Consent submission registers the user, then logs in',
    status: 'as specified',
    tests: ['apps/web/e2e/identity-login.e2e.test.ts'],
  },
  {
    behaviour: 'Logout clears all session storage and removes the autoLogin cookie',
    status:
      'as specified, also when the logout call fails (decision 023); the device note against lockouts stays (decision 033)',
    tests: ['apps/web/e2e/sessions.e2e.test.ts'],
  },
  {
    behaviour:
      'Reward notice on /home while Y; closing or the My tab sets N by update-member; back to Y on failure; tooltip closes to /my',
    status: 'as specified',
    tests: ['apps/web/src/shared/api/rewards.test.ts', 'apps/web/e2e/rewards.e2e.test.ts'],
  },
  {
    behaviour:
      'Team invite: stored through login, invite-link-access logged, five checks in order, then the accept screen',
    status: 'as specified; teams are named by public ids (decision 022)',
    tests: ['apps/web/src/shared/lib/team-invite-checks.test.ts', 'apps/web/e2e/teams.e2e.test.ts'],
  },
  {
    behaviour: 'Signup period: always open while !isCompleted, challenge while isPending, an error is closed',
    status: 'as specified (decision 007)',
    tests: ['apps/web/src/shared/lib/team-invite-checks.test.ts'],
  },
  {
    behaviour: 'The same Team page again redirects to my teams with tab in_progress',
    status: 'as specified',
    tests: ['apps/web/src/app/route-guards.test.ts'],
  },
];

function webFiles(dir = webSrc): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return webFiles(full);
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
      return [full];
    })
    .sort();
}

export interface CallRow {
  path: string;
  name: string;
  auth: string;
  calledBy: string[];
  reason: string | undefined;
}

/** Every front endpoint, with the web files (not tests) naming its route constant or its path. */
export async function callRows(): Promise<CallRow[]> {
  const files = webFiles().map((file) => ({
    relative: path.relative(root, file).split(path.sep).join('/'),
    text: fs.readFileSync(file, 'utf8'),
  }));
  const endpoints = await frontEndpoints();
  return endpoints
    .map(({ name, endpoint }) => {
      const byName = new RegExp(`\\b${name}\\b`);
      const calledBy = files
        .filter(({ text }) => byName.test(text) || text.includes(`'${endpoint.path}'`))
        .map(({ relative }) => relative);
      return { path: endpoint.path, name, auth: endpoint.auth, calledBy, reason: NOT_CALLED[endpoint.path] };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

export interface RouteRow {
  name: string;
  path: string;
  routed: boolean;
}

/** The router's route table: every path of route-paths.ts, and whether router.tsx draws a page for it. */
export function routeRows(): RouteRow[] {
  const table = fs.readFileSync(ROUTE_PATHS_FILE, 'utf8');
  const body = table.slice(table.indexOf('export const routePaths'), table.indexOf('} as const;'));
  const router = fs.readFileSync(ROUTER_FILE, 'utf8');
  return [...body.matchAll(/^\s*(\w+): '([^']*)',/gm)].map(([, name, routePath]) => ({
    name: name!,
    path: routePath!,
    routed: new RegExp(`path: paths\\.${name}\\b`).test(router),
  }));
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The text of docs/spec-conformance.md (before prettier). */
export async function conformanceSource(): Promise<string> {
  const calls = await callRows();
  const routes = routeRows();
  const called = calls.filter((row) => row.calledBy.length > 0).length;
  return [
    '# Spec conformance',
    '',
    '<!-- Generated by `npm run docs:conformance` (packages/contract/codegen/conformance-generate.ts); do not edit. -->',
    '',
    "Written from the contract's front endpoints, a search of the web's sources (`apps/web/src`, tests left out)",
    "for each endpoint's route constant or path, and the router's route table; spec §4's behaviours are kept by hand. A unit test",
    '(`packages/contract/codegen/conformance.test.ts`) fails when a call is neither called by the web nor given a',
    'reason, and when this file is out of step. The reasons are kept in the generator and listed in',
    '[decision 037](decisions/037-calls-the-web-does-not-make.md).',
    '',
    `## Calls (the contract's front endpoints: spec §7 and the few it adds): ${calls.length}, ${called} called by the web, ${calls.length - called} server only`,
    '',
    '| Call | Auth | Status |',
    '| --- | --- | --- |',
    ...calls.map((row) => {
      const status =
        row.calledBy.length > 0
          ? `called by the web (${row.calledBy.map((file) => `\`${file.replace('apps/web/src/', '')}\``).join(', ')})`
          : row.reason
            ? `not called — ${row.reason} (decision 037)`
            : 'NOT CALLED, NO REASON';
      return `| \`${row.path}\` | ${row.auth} | ${cell(status)} |`;
    }),
    '',
    `## Behaviours (spec §4): ${BEHAVIOURS.length}`,
    '',
    'Kept by hand in the generator (`BEHAVIOURS`), each with the tests that check it.',
    '',
    '| Behaviour | Status | Tests |',
    '| --- | --- | --- |',
    ...BEHAVIOURS.map(
      (row) =>
        `| ${cell(row.behaviour)} | ${cell(row.status)} | ${row.tests.map((test) => `\`${test}\``).join(', ')} |`,
    ),
    '',
    `## Routes (spec §2): ${routes.length}`,
    '',
    "From `apps/web/src/app/route-paths.ts`; a route is drawn when `router.tsx`'s page table has it. Any other path draws the not-found page.",
    '',
    '| Route | Name | Status |',
    '| --- | --- | --- |',
    ...routes.map(
      (row) =>
        `| \`${row.path}\` | ${row.name} | ${row.routed ? 'as specified (a page in `router.tsx`)' : 'NOT ROUTED'} |`,
    ),
    '',
  ].join('\n');
}
