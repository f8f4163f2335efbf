import type { Plugin } from 'vite';
import { routePaths } from './src/app/route-paths.ts';

/**
 * The pages people open first (the login, /home, a shared mission page): their lazily loaded page
 * chunk, its static imports and its styles are written to `dist/route-preloads.json`, and the server
 * names them in that page's HTML (`modulepreload`, stylesheet) so they download with the first-load
 * scripts instead of after them (one round trip less before the page can draw; issue 12). `short` names
 * the page in the names of the chunks of what it imports (firstLoadGroup below).
 */
export const ENTRY_PAGES: readonly { path: string; module: string; short: string; drawn?: true }[] = [
  { path: '/login/auth', module: 'src/features/auth/pages/login-auth-page.tsx', short: 'login' },
  { path: '/home', module: 'src/features/home/pages/home-page.tsx', short: 'home' },
  // Drawn by the server for each request, with the day's data (src/prerender/draw-page.tsx).
  {
    path: '/mission/shared/',
    module: 'src/features/mission/pages/shared-mission-page.tsx',
    short: 'shared',
    drawn: true,
  },
  {
    path: '/challenge/shared/',
    module: 'src/features/mission/pages/shared-mission-page.tsx',
    short: 'shared',
    drawn: true,
  },
];

/**
 * The other pages a family opens every day (issue 30): each one's chunk, its static imports and its
 * styles are named in its HTML too, so they download beside the entry instead of after it, and the app's
 * chunk loader finds them there instead of adding a link per file while the page starts. Unlike the
 * entry pages they do not shape the chunks (firstLoadGroup): what they share with /home stays in /home's.
 * A `:name` segment stands for any one segment (the server's `routeMatches`).
 */
export const DAILY_PAGES: readonly { path: string; module: string; drawn?: true }[] = [
  { path: routePaths.challenge, module: 'src/features/challenge/pages/challenge-pages.tsx' },
  { path: routePaths.active, module: 'src/features/active/pages/active-pages.tsx' },
  { path: routePaths.my, module: 'src/features/my/pages/my-page.tsx' },
  ...[
    routePaths.teamChallengeDetail,
    routePaths.teamChallengeRanking,
    routePaths.teamAlwaysDetail,
    routePaths.teamAlwaysRanking,
  ].map((path) => ({ path, module: 'src/features/team/pages/team-detail-pages.tsx' })),
];

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreloads(root: string): Plugin {
  return {
    name: 'route-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is ChunkInfo & typeof item => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What index.html already loads: the entry and everything it imports.
      const firstLoad = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const next of byFile.get(file)?.imports ?? []) walk(next, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, firstLoad);

      const preloads: Record<string, { scripts: string[]; styles: string[]; drawn?: true }> = {};
      for (const page of [...ENTRY_PAGES, ...DAILY_PAGES]) {
        const chunk = chunks.find((item) => item.facadeModuleId === `${root}${page.module}`);
        if (!chunk) throw new Error(`route-preloads: no chunk for ${page.module}`);
        const files = new Set<string>();
        walk(chunk.fileName, files);
        const scripts = [...files].filter((file) => !firstLoad.has(file));
        const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        preloads[page.path] = page.drawn ? { scripts, styles, drawn: true } : { scripts, styles };
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A code-splitting group's name for the modules the pages people open first import statically: one
 * chunk per set of those pages that share them (`home-deps`, `home_shared-deps`, …) instead of one small
 * chunk per set of every page that imports them (/home's first load was 16 files, five of them single
 * icons; each file costs its own gzip header and dictionary, and each import of it a line). Other pages
 * that use such a module load its chunk (already loaded by /home, the start page, as a rule). The page
 * modules themselves keep their chunks (route-preloads.json looks them up); the packages they import
 * (lucide's icons) join the group's chunk as its modules' dependencies; modules no first-loaded page
 * imports statically are split as before. The pages' loads measured: /home 122,868 → 121,131 B gzip
 * (e2e/first-load-budget.e2e.test.ts).
 */
export function firstLoadGroup(root: string) {
  const pages = new Map<string, string>();
  for (const page of ENTRY_PAGES) pages.set(`${root}${page.module}`, page.short);
  let reach: Map<string, Set<string>> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!reach) {
      reach = new Map();
      for (const [pageId, name] of pages) {
        const stack = [...(graph.getModuleInfo(pageId)?.importedIds ?? [])];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const next = stack.pop()!;
          // Not into packages: a barrel such as lucide-react's imports every icon, used or not.
          if (seen.has(next) || pages.has(next) || next.includes('node_modules')) continue;
          seen.add(next);
          if (!reach.has(next)) reach.set(next, new Set());
          reach.get(next)!.add(name);
          stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
        }
      }
    }
    const names = reach.get(id);
    return names ? `${[...names].sort().join('+')}-deps` : null;
  };
}
