// Bundles the server into dist/main.js. Workspace packages (@hamkke/*) are bundled in because
// they ship TypeScript sources; every other package stays an ordinary runtime import.
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalNodeModules = {
  name: 'external-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hamkke/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: { main: 'src/main.ts', 'db-cli': 'src/db/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNodeModules],
});
console.info('server built: apps/server/dist/main.js');
