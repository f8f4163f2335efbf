import { defineConfig } from 'dpdm';

/**
 * Import cycles, checked by `npm run lint` (issue 24, decision 019). Every edge counts: `import type`
 * (a type cycle still ties two files into one unit) and `import()` (a lazily loaded chunk importing
 * the module that loads it is a cycle too). `@/` is resolved through the web's tsconfig; packages
 * (node_modules, the workspace's own included) are not followed, each package's files are entries.
 */
export default defineConfig({
  files: [
    'apps/*/src/**/*.{ts,tsx}',
    'apps/web/e2e/**/*.ts',
    'apps/server/{test,system}/**/*.ts',
    'packages/*/{src,codegen}/**/*.ts',
    'bench/**/*.ts',
    'scripts/**/*.{ts,mjs}',
  ],
  tsconfig: 'apps/web/tsconfig.json',
  exitCode: 'circular:1',
  tree: false,
  warning: false,
  progress: false,
});
