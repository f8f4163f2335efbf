import path from 'node:path';

/**
 * Import zones checked by ESLint, not by review (issue 13):
 * - web: `shared` imports neither `features` nor `app`; a feature imports no other feature and not `app`
 *   (bulletproof-react's one-way flow: shared → features → app);
 * - server: a module imports another module's services, never its repository.
 * Relative imports are resolved against the importing file and `@/…` against apps/web/src, so
 * `../../team/x` and `@/features/team/x` are caught alike.
 */

const WEB_SRC = path.join('apps', 'web', 'src');
const SERVER_MODULES = path.join('apps', 'server', 'src', 'modules');

function zoneOf(file) {
  const rel = path.relative(process.cwd(), file);
  if (rel.startsWith(WEB_SRC + path.sep)) {
    const [area, name] = rel.slice(WEB_SRC.length + 1).split(path.sep);
    if (area === 'features') return { side: 'web', area, name };
    return { side: 'web', area };
  }
  if (rel.startsWith(SERVER_MODULES + path.sep)) {
    const parts = rel.slice(SERVER_MODULES.length + 1).split(path.sep);
    return parts.length > 1 ? { side: 'server', module: parts[0], file: parts.at(-1) } : null;
  }
  return null;
}

const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between the parts of the app' },
    messages: {
      sharedUp: '`shared` must not import from `{{to}}` (shared → features → app).',
      featureToFeature:
        'Feature `{{from}}` must not import feature `{{to}}`; move what both need to `shared`.',
      featureToApp: 'A feature must not import from `app`.',
      foreignRepository:
        'Module `{{from}}` must not import the repository of module `{{to}}`; call its service instead.',
    },
    schema: [],
  },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = path.resolve(process.cwd(), WEB_SRC, source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      else return;
      const to = zoneOf(target);
      if (!to || to.side !== from.side) return;
      if (from.side === 'web') {
        if (from.area === 'shared' && (to.area === 'features' || to.area === 'app')) {
          context.report({ node, messageId: 'sharedUp', data: { to: to.area } });
        } else if (from.area === 'features' && to.area === 'features' && to.name !== from.name) {
          context.report({ node, messageId: 'featureToFeature', data: { from: from.name, to: to.name } });
        } else if (from.area === 'features' && to.area === 'app') {
          context.report({ node, messageId: 'featureToApp' });
        }
      } else if (to.module !== from.module && to.file.endsWith('.repository.ts')) {
        context.report({ node, messageId: 'foreignRepository', data: { from: from.module, to: to.module } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-zones': importZones } };
