import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Helpers the layering rules share: where the apps live and how a file or a call is named.
 * Paths are taken relative to the repository root, found from this file's own place, so the rules
 * give the same answers from whatever folder ESLint is started in.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_APP = path.join(ROOT, 'apps', 'web');
export const SERVER_APP = path.join(ROOT, 'apps', 'server');
export const WEB_SRC = path.join(WEB_APP, 'src');
export const SERVER_SRC = path.join(SERVER_APP, 'src');
export const SERVER_MODULES = path.join(SERVER_SRC, 'modules');

/** The parts of `file` below `dir`, or null when it is not inside it. */
export function partsBelow(dir, file) {
  const rel = path.relative(dir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/** `teams.repository.ts`, `teams.repository.js`, `teams.repository` → `teams.repository`. */
export function withoutExtension(name) {
  return name.replace(/\.[cm]?[jt]sx?$/, '');
}

export const isRepository = (name) => withoutExtension(name).endsWith('.repository');
/** `missions.views.ts`: a module's published read shapes of its own tables (decision 016). */
export const isViews = (name) => withoutExtension(name).endsWith('.views');

/** The text of a string literal or of a template literal without expressions; otherwise undefined. */
export function staticString(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/** The name of the method a call calls: `db.selectFrom(…)`, `db['selectFrom'](…)`, ``db[`selectFrom`](…)``. */
export function calledMethod(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression') return undefined;
  if (!callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return callee.computed ? staticString(callee.property) : undefined;
}

/** `x as T`, `x!`, `x satisfies T` → `x`. */
export function unwrapTypes(node) {
  let current = node;
  while (
    current &&
    (current.type === 'TSAsExpression' ||
      current.type === 'TSNonNullExpression' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'TSTypeAssertion')
  ) {
    current = current.expression;
  }
  return current;
}
