import path from 'node:path';
import {
  ROOT,
  SERVER_APP,
  SERVER_SRC,
  WEB_APP,
  WEB_SRC,
  isRepository,
  isViews,
  partsBelow,
  staticString,
} from './paths.js';

/**
 * `layers/import-zones`: imports flow one way between the parts of the app (issues 13, 24, 44).
 *
 * - web: `shared` imports neither `features`, `app` nor `prerender`; a feature imports no other
 *   feature, nor `app` or `prerender`; `app` does not import `prerender` (bulletproof-react's one-way
 *   flow, shared → features → app, with `prerender/` on top: it draws the pages at build time and on
 *   the server, so it may import all three, and nothing the browser runs imports it). The files at
 *   the root of `apps/web/src` (main.tsx, sw.ts, …) are entry points above all of them: only another
 *   root file imports one, and a root file re-exports nothing (a root barrel would carry a feature to
 *   another feature).
 * - server: only a module's own files import its repositories; another module, `plugins/`, `db/`,
 *   `jobs/` and the rest call its services. Only a repository imports another module's views.
 * - between the apps: the server imports nothing of apps/web and the web nothing of apps/server
 *   (relative, `@/…` or by package name); what both need lives in `@hamkke/contract`.
 * Every way a file names another counts alike: `import`, `import()`, `export … from`,
 * `export * from`, `import x = require()`, `typeof import()`, `require()` and a `require` made by
 * `createRequire()`, relative or `@/…` (apps/web/src), with or without the file's extension.
 * What the rule cannot read is refused: `#…` subpath imports (package.json "imports" would hide
 * which file is meant), and `import()` / `require()` of anything but a plain string, except in the
 * files of DYNAMIC_IMPORT_ALLOWED.
 */

/**
 * The files that may `import()` a computed address, each with its reason. Keep it short: every
 * entry is an import the rule cannot check.
 */
const DYNAMIC_IMPORT_ALLOWED = new Set([
  // Loads the web app's built server-side renderer (dist/ssr/entry.js) at run time, by file URL.
  'apps/server/src/plugins/web-app.ts',
]);

/** Package names of the apps themselves: neither app imports the other's by name either. */
const APP_PACKAGES = { server: '@hamkke/server', web: '@hamkke/web' };

function appOf(file) {
  if (partsBelow(WEB_APP, file)) return 'web';
  if (partsBelow(SERVER_APP, file)) return 'server';
  return null;
}

function zoneOf(file) {
  const web = partsBelow(WEB_SRC, file);
  if (web) {
    if (web.length === 1) return { side: 'web', area: 'root' };
    const [area, name] = web;
    return area === 'features' ? { side: 'web', area, name } : { side: 'web', area };
  }
  const server = partsBelow(SERVER_SRC, file);
  if (server) {
    const module = server[0] === 'modules' && server.length > 2 ? server[1] : null;
    return { side: 'server', module, area: module ? `modules/${module}` : server[0], file: server.at(-1) };
  }
  return null;
}

/** The file an import names, absolute; null for packages. */
function resolveSource(importer, source) {
  const request = source.split('?')[0];
  if (request.startsWith('@/')) return path.join(WEB_SRC, request.slice(2));
  if (request === '.' || request === '..' || request.startsWith('./') || request.startsWith('../')) {
    return path.resolve(path.dirname(importer), request);
  }
  return null;
}

const isPackage = (source, name) => source === name || source.startsWith(`${name}/`);

export const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between the parts of the app' },
    messages: {
      sharedUp: '`shared` must not import from `{{to}}` (shared → features → app).',
      featureToFeature:
        'Feature `{{from}}` must not import feature `{{to}}`; move what both need to `shared`.',
      featureToApp: 'A feature must not import from `app`.',
      toPrerender:
        '`{{from}}` must not import from `prerender` (it draws pages at build time and on the server; it imports the app, not the other way).',
      toWebRoot:
        '`{{from}}` must not import `{{to}}`: the files at the root of apps/web/src are entry points, imported by nothing below them.',
      rootBarrel:
        'A file at the root of apps/web/src must not re-export (`export … from`): it is an entry point, not a barrel.',
      foreignRepository:
        '`{{from}}` must not import the repository of module `{{to}}`; call its service instead.',
      foreignViewOutsideRepository:
        "Only a repository may compose module `{{to}}`'s views into its queries; call `{{to}}`'s service from here.",
      crossApp:
        'The {{from}} must not import from apps/{{to}} (`{{source}}`); share code through @hamkke/contract (packages/contract).',
      subpathImport:
        '`{{source}}`: `#…` subpath imports hide which file is meant; import it by its relative (or `@/…`) path.',
      dynamicSource:
        '`{{kind}}` of a computed address cannot be checked; name the file with a string literal (or add this file, with its reason, to DYNAMIC_IMPORT_ALLOWED in eslint-rules/import-zones.js).',
    },
    schema: [],
  },
  create(context) {
    const importer = path.resolve(context.cwd, context.filename);
    const from = zoneOf(importer);
    if (!from) return {};
    const relativeName = path.relative(ROOT, importer).split(path.sep).join('/');
    const dynamicAllowed = DYNAMIC_IMPORT_ALLOWED.has(relativeName);

    const check = (node, source, { reexport = false } = {}) => {
      if (typeof source !== 'string') return;
      if (from.side === 'web' && from.area === 'root' && reexport) {
        context.report({ node, messageId: 'rootBarrel' });
      }
      if (source.startsWith('#')) {
        context.report({ node, messageId: 'subpathImport', data: { source } });
        return;
      }
      const other = from.side === 'web' ? 'server' : 'web';
      if (isPackage(source, APP_PACKAGES[other])) {
        context.report({ node, messageId: 'crossApp', data: { from: from.side, to: other, source } });
        return;
      }
      const target = resolveSource(importer, source);
      if (!target) return;
      const targetApp = appOf(target);
      if (targetApp && targetApp !== from.side) {
        context.report({ node, messageId: 'crossApp', data: { from: from.side, to: targetApp, source } });
        return;
      }
      const to = zoneOf(target);
      if (!to || to.side !== from.side) return;
      if (from.side === 'web') {
        if (to.area === 'root' && from.area !== 'root') {
          context.report({
            node,
            messageId: 'toWebRoot',
            data: { from: from.area, to: path.relative(ROOT, target).split(path.sep).join('/') },
          });
        } else if (to.area === 'prerender' && from.area !== 'prerender') {
          context.report({ node, messageId: 'toPrerender', data: { from: from.area } });
        } else if (from.area === 'shared' && (to.area === 'features' || to.area === 'app')) {
          context.report({ node, messageId: 'sharedUp', data: { to: to.area } });
        } else if (from.area === 'features' && to.area === 'features' && to.name !== from.name) {
          context.report({ node, messageId: 'featureToFeature', data: { from: from.name, to: to.name } });
        } else if (from.area === 'features' && to.area === 'app') {
          context.report({ node, messageId: 'featureToApp' });
        }
      } else if (to.module && to.module !== from.module && isRepository(to.file)) {
        context.report({ node, messageId: 'foreignRepository', data: { from: from.area, to: to.module } });
      } else if (to.module && to.module !== from.module && isViews(to.file) && !isRepository(from.file)) {
        context.report({ node, messageId: 'foreignViewOutsideRepository', data: { to: to.module } });
      }
    };
    const checkLiteral = (node, options) => check(node, staticString(node), options);
    /** `import(x)`, `require(x)`: a plain string is checked; anything else is refused. */
    const checkDynamic = (node, kind) => {
      if (!node) return;
      const source = staticString(node);
      if (source !== undefined) check(node, source);
      else if (!dynamicAllowed) context.report({ node, messageId: 'dynamicSource', data: { kind } });
    };

    /** Local names of `createRequire` (imported from node:module, maybe renamed) and of what it made. */
    const createRequireNames = new Set(['createRequire']);
    const requireNames = new Set(['require']);
    const isCreateRequire = (callee) =>
      (callee.type === 'Identifier' && createRequireNames.has(callee.name)) ||
      (callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'createRequire');

    return {
      ImportDeclaration(node) {
        if (node.source.value === 'node:module' || node.source.value === 'module') {
          for (const specifier of node.specifiers) {
            if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'createRequire') {
              createRequireNames.add(specifier.local.name);
            }
          }
        }
        checkLiteral(node.source);
      },
      ExportNamedDeclaration: (node) => node.source && checkLiteral(node.source, { reexport: true }),
      ExportAllDeclaration: (node) => checkLiteral(node.source, { reexport: true }),
      ImportExpression: (node) => checkDynamic(node.source, 'import()'),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        checkLiteral(node.moduleReference.expression),
      TSImportType: (node) => checkLiteral(node.source ?? node.argument?.literal),
      VariableDeclarator(node) {
        if (
          node.id.type === 'Identifier' &&
          node.init?.type === 'CallExpression' &&
          isCreateRequire(node.init.callee)
        ) {
          requireNames.add(node.id.name);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        const isRequire =
          (callee.type === 'Identifier' && requireNames.has(callee.name)) ||
          (callee.type === 'CallExpression' && isCreateRequire(callee.callee));
        if (isRequire) checkDynamic(node.arguments[0], 'require()');
      },
    };
  },
};
