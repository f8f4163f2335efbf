import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import oneWay from './one-way.js';

/**
 * The web app's one way (issue 44 item 4): each rule passes the house's code and fails on a planted
 * violation, and the repository's configuration applies them to apps/web/src.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = (file: string) => path.join(ROOT, 'apps', 'web', 'src', file);

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
    ecmaVersion: 'latest',
    sourceType: 'module',
  },
});

tester.run('server-calls-in-shared-api', oneWay.rules['server-calls-in-shared-api'], {
  valid: [
    { filename: web('shared/api/client.ts'), code: "await fetch('/v1/api/front/x');" },
    { filename: web('shared/api/upload.ts'), code: 'const xhr = new XMLHttpRequest();' },
    // The service worker has no client (listed in SERVER_CALL_EXCEPTIONS).
    {
      filename: web('sw.ts'),
      code: 'self.addEventListener("fetch", (e) => e.respondWith(fetch(e.request)));',
    },
    // A binding of the file's own is not the global.
    {
      filename: web('features/my/components/a.tsx'),
      code: 'function run(fetch: () => void) { fetch(); }',
    },
    { filename: web('features/my/components/a.tsx'), code: 'void query.refetch();' },
    // Outside the web app the rule says nothing.
    { filename: path.join(ROOT, 'apps', 'server', 'src', 'x.ts'), code: "await fetch('https://kakao');" },
  ],
  invalid: [
    {
      filename: web('features/my/api/data-export.ts'),
      code: 'const answer = await fetch(path, { headers });',
      errors: [{ messageId: 'fetch' }],
    },
    {
      filename: web('shared/reporting/client-reporter.ts'),
      code: "window.fetch('/x'); globalThis['fetch']('/y'); navigator.sendBeacon('/z');",
      errors: [{ messageId: 'fetch' }, { messageId: 'fetch' }, { messageId: 'fetch' }],
    },
    {
      filename: web('features/home/components/b.tsx'),
      code: 'const xhr = new XMLHttpRequest();',
      errors: [{ messageId: 'fetch' }],
    },
    // Not an exception: only the listed service worker files are.
    { filename: web('sw-other.ts'), code: "fetch('/v1/x');", errors: [{ messageId: 'fetch' }] },
  ],
});

tester.run('call-api-in-api-folders', oneWay.rules['call-api-in-api-folders'], {
  valid: [
    { filename: web('features/my/api/push.ts'), code: "import { callApi } from '@/shared/api/client.ts';" },
    { filename: web('shared/api/reports.ts'), code: "import { callApi } from './client.ts';" },
    {
      filename: web('shared/report/api/reports.ts'),
      code: "import { callApi } from '../../api/client.ts';",
    },
    // Other things of the client (its types, time-outs) are not callApi.
    {
      filename: web('features/home/hooks/a.ts'),
      code: "import { REQUEST_TIMEOUT_MS, type ApiScope } from '@/shared/api/client.ts';",
    },
  ],
  invalid: [
    {
      filename: web('shared/report/report-sheet.tsx'),
      code: "import { callApi } from '../api/client.ts';",
      errors: [{ messageId: 'callApi' }],
    },
    {
      filename: web('features/home/offline/certify-queue.ts'),
      code: "import { callApi as call } from '@/shared/api/client.ts';",
      errors: [{ messageId: 'callApi' }],
    },
    {
      filename: web('shared/push/web-push.ts'),
      code: "import * as client from '@/shared/api/client'; const m = await import('../api/client.ts');",
      errors: [{ messageId: 'callApi' }, { messageId: 'callApi' }],
    },
    {
      filename: web('shared/session/auto-login.ts'),
      code: "export { callApi } from '../api/client.ts'; export * from '../api/client.ts';",
      errors: [{ messageId: 'callApi' }, { messageId: 'callApi' }],
    },
  ],
});

const rhf = "import { useForm } from 'react-hook-form';";
tester.run('forms-use-react-hook-form', oneWay.rules['forms-use-react-hook-form'], {
  valid: [
    {
      filename: web('features/my/components/a.tsx'),
      code: `${rhf}\nexport function A() { const form = useForm(); return <form onSubmit={form.handleSubmit(() => {})} />; }`,
    },
    // The kit's form frame (FORM_EXCEPTIONS).
    { filename: web('shared/ui/form-section.tsx'), code: 'export const F = () => <form />;' },
    // No <form>: nothing to ask.
    { filename: web('features/my/components/b.tsx'), code: 'export const B = () => <section />;' },
    { filename: web('features/my/components/c.ts'), code: 'export const formName = "form";' },
  ],
  invalid: [
    {
      filename: web('features/my/components/consent-reask.tsx'),
      code: 'export function C() { return <form onSubmit={(e) => e.preventDefault()}><button /></form>; }',
      errors: [{ messageId: 'useForm' }],
    },
    // Imported but never called, or a useForm of some other package: still not react-hook-form.
    {
      filename: web('shared/report/report-sheet.tsx'),
      code: `${rhf}\nexport const R = () => <form />;`,
      errors: [{ messageId: 'useForm' }],
    },
    {
      filename: web('features/team/components/d.tsx'),
      code: "import { useForm } from 'other-forms';\nexport function D() { useForm(); return <form />; }",
      errors: [{ messageId: 'useForm' }],
    },
  ],
});

describe("the repository's ESLint configuration", () => {
  const planted = [
    {
      file: 'features/lint-fixture/components/planted.tsx',
      code: [
        "import { callApi } from '@/shared/api/client.ts';",
        "import { myInfoEndpoint } from '@hamkke/contract/routes';",
        'export function Planted() {',
        "  void fetch('/v1/api/front/my/myinfo');",
        '  void callApi(myInfoEndpoint, {});',
        '  return <form onSubmit={(event) => event.preventDefault()} />;',
        '}',
        '',
      ].join('\n'),
      expected: [
        'one-way/call-api-in-api-folders',
        'one-way/forms-use-react-hook-form',
        'one-way/server-calls-in-shared-api',
      ],
    },
    {
      file: 'features/lint-fixture/api/planted.ts',
      code: [
        "import { callApi } from '@/shared/api/client.ts';",
        "import { myInfoEndpoint } from '@hamkke/contract/routes';",
        'export const planted = () => callApi(myInfoEndpoint, {});',
        "export const raw = () => fetch('/v1/api/front/my/myinfo');",
        '',
      ].join('\n'),
      expected: ['one-way/server-calls-in-shared-api'],
    },
  ];

  for (const { file, code, expected } of planted) {
    it(`reports the planted violations of ${file}`, async () => {
      const eslint = new ESLint({ cwd: ROOT });
      const [result] = await eslint.lintText(code, { filePath: web(file), warnIgnored: true });
      const rules = result!.messages
        .map((message) => message.ruleId)
        .filter((id) => id?.startsWith('one-way/'));
      expect(rules.sort()).toEqual(expected);
    });
  }
});
