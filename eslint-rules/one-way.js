import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app's one way (issue 44 item 4; docs/architecture.md), checked by ESLint rather than by
 * review, in `apps/web/src` only:
 *
 * - `server-calls-in-shared-api`: the server is called (`fetch`, `XMLHttpRequest`, `sendBeacon`) only
 *   in `shared/api/`, where the one client is (client.ts: auth headers, 401 handling, time-out, error
 *   envelope; upload.ts, its photo upload). Exceptions: {@link SERVER_CALL_EXCEPTIONS}.
 * - `call-api-in-api-folders`: `callApi` is imported only in an `api/` folder. The rule for which one:
 *   a call lives in the `api/` folder of the code that makes it — a feature's in `features/<f>/api/`,
 *   shared code's in `shared/<thing>/api/` beside it (shared/report/api/, shared/session/api/,
 *   shared/push/api/) — and `shared/api/` holds the client itself (client.ts, download.ts, upload.ts,
 *   client-reports.ts) and the queries and calls several features share (missions, teams, rewards…).
 *   Pages, components and the rest call those folders' functions and queryOptions.
 * - `forms-use-react-hook-form`: a `.tsx` file that renders a `<form>` calls react-hook-form's
 *   `useForm` (with a zod schema through `standardSchemaResolver`, by the house's pattern).
 *   Exceptions: {@link FORM_EXCEPTIONS}.
 *
 * Paths are taken relative to the repository root, found from this file's own place, so the rules
 * give the same answers from whatever folder ESLint is started in (as layers.js does).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = path.join(ROOT, 'apps', 'web', 'src');

/** Files (relative to apps/web/src, `/`-separated) that may call the server themselves, and why. */
export const SERVER_CALL_EXCEPTIONS = new Map([
  ['sw.ts', 'the service worker: no page, no session, no API client (it only routes and caches)'],
  ['sw-push.ts', 'the service worker (imported by sw.ts): no page, no session, no API client'],
  ['sw-certify-sync.ts', 'the service worker (imported by sw.ts): no page, no session, no API client'],
]);

/** `.tsx` files (relative to apps/web/src) that may render a `<form>` without calling `useForm`, and why. */
export const FORM_EXCEPTIONS = new Map([
  [
    'shared/ui/form-section.tsx',
    "the kit's titled form frame: it renders the <form> its callers' useForm submits (child-editor.tsx)",
  ],
]);

/** The file's path below apps/web/src, `/`-separated; null when it is not there. */
function webPath(context) {
  const file = path.resolve(context.cwd, context.filename);
  const rel = path.relative(WEB_SRC, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** Whether the file is in an `api/` folder (a feature's, `shared/api/`, `shared/<thing>/api/`). */
const inApiFolder = (rel) => rel.split('/').slice(0, -1).includes('api');

/** The text of a string literal or of a template literal without expressions; otherwise undefined. */
function staticString(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/** Whether `name` at `node` is the global (no binding of the file's own shadows it). */
function isGlobal(context, node, name) {
  let scope = context.sourceCode.getScope(node);
  while (scope) {
    const variable = scope.set.get(name);
    if (variable && variable.defs.length > 0) return false;
    scope = scope.upper;
  }
  return true;
}

const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self']);

/** The property a member expression reads: `a.b`, `a['b']`, ``a[`b`]``. */
function propertyName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  return member.computed ? staticString(member.property) : undefined;
}

/** `fetch`, `window.fetch`, `globalThis['fetch']`, …: the global named `name`. */
function isGlobalReference(context, node, name) {
  if (node.type === 'Identifier') return node.name === name && isGlobal(context, node, name);
  return (
    node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    GLOBAL_OBJECTS.has(node.object.name) &&
    isGlobal(context, node.object, node.object.name) &&
    propertyName(node) === name
  );
}

const serverCallsInSharedApi = {
  meta: {
    type: 'problem',
    docs: { description: 'Call the server only in shared/api/, through the one API client' },
    messages: {
      fetch:
        '`{{what}}` outside shared/api/ skips the client (401 handling, time-out, error envelope): call a function of an `api/` folder, and add what the client lacks to shared/api/.',
    },
    schema: [],
  },
  create(context) {
    const rel = webPath(context);
    if (rel === null || rel.startsWith('shared/api/') || SERVER_CALL_EXCEPTIONS.has(rel)) return {};
    const report = (node, what) => context.report({ node, messageId: 'fetch', data: { what } });
    return {
      CallExpression(node) {
        if (isGlobalReference(context, node.callee, 'fetch')) report(node, 'fetch()');
        else if (
          node.callee.type === 'MemberExpression' &&
          propertyName(node.callee) === 'sendBeacon' &&
          isGlobalReference(context, node.callee.object, 'navigator')
        ) {
          report(node, 'navigator.sendBeacon()');
        }
      },
      NewExpression(node) {
        if (isGlobalReference(context, node.callee, 'XMLHttpRequest')) report(node, 'new XMLHttpRequest()');
      },
    };
  },
};

/** Whether an import's source names the API client module (shared/api/client.ts). */
function namesClient(context, source) {
  if (typeof source !== 'string') return false;
  const request = source.split('?')[0];
  let target;
  if (request.startsWith('@/')) target = path.join(WEB_SRC, request.slice(2));
  else if (request.startsWith('./') || request.startsWith('../')) {
    target = path.resolve(path.dirname(path.resolve(context.cwd, context.filename)), request);
  } else return false;
  return target.replace(/\.[cm]?[jt]sx?$/, '') === path.join(WEB_SRC, 'shared', 'api', 'client');
}

const importedName = (specifier) =>
  specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
const exportedLocal = (specifier) =>
  specifier.local.type === 'Identifier' ? specifier.local.name : specifier.local.value;

const callApiInApiFolders = {
  meta: {
    type: 'problem',
    docs: { description: 'Import callApi only in an api/ folder' },
    messages: {
      callApi:
        "`callApi` belongs in an `api/` folder: the feature's `api/`, a `shared/<thing>/api/` beside the shared code that makes the call, or shared/api/ for calls several features share. Call that folder's function from here.",
    },
    schema: [],
  },
  create(context) {
    const rel = webPath(context);
    if (rel === null || inApiFolder(rel)) return {};
    const report = (node) => context.report({ node, messageId: 'callApi' });
    return {
      ImportDeclaration(node) {
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && importedName(specifier) === 'callApi')
            report(specifier);
          // `import * as client from '…/client.ts'`, `import client from …`: client.callApi.
          else if (specifier.type !== 'ImportSpecifier' && namesClient(context, staticString(node.source))) {
            report(specifier);
          }
        }
      },
      ExportNamedDeclaration(node) {
        if (!node.source) return;
        for (const specifier of node.specifiers) {
          if (exportedLocal(specifier) === 'callApi') report(specifier);
        }
      },
      ExportAllDeclaration(node) {
        if (namesClient(context, staticString(node.source))) report(node);
      },
      // `await import('@/shared/api/client.ts')` hands over the whole module, callApi with it.
      ImportExpression(node) {
        if (namesClient(context, staticString(node.source))) report(node);
      },
    };
  },
};

const formsUseReactHookForm = {
  meta: {
    type: 'problem',
    docs: { description: 'A component file that renders a <form> uses react-hook-form' },
    messages: {
      useForm:
        "This file renders a <form> without react-hook-form: call `useForm` from 'react-hook-form' with a zod schema through `standardSchemaResolver` (see child-editor.tsx's RenameForm).",
    },
    schema: [],
  },
  create(context) {
    const rel = webPath(context);
    if (rel === null || !rel.endsWith('.tsx') || FORM_EXCEPTIONS.has(rel)) return {};
    /** The local names `useForm` is imported by from react-hook-form. */
    const useFormNames = new Set();
    let callsUseForm = false;
    let firstForm = null;
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'react-hook-form') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && importedName(specifier) === 'useForm') {
            useFormNames.add(specifier.local.name);
          }
        }
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && useFormNames.has(node.callee.name)) callsUseForm = true;
      },
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'form') firstForm ??= node;
      },
      'Program:exit'() {
        if (firstForm && !callsUseForm) context.report({ node: firstForm, messageId: 'useForm' });
      },
    };
  },
};

export default {
  meta: { name: 'one-way' },
  rules: {
    'server-calls-in-shared-api': serverCallsInSharedApi,
    'call-api-in-api-folders': callApiInApiFolders,
    'forms-use-react-hook-form': formsUseReactHookForm,
  },
};
