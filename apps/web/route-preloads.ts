import type { Plugin } from 'vite';

/**
 * The pages people open first (the login, /home, a shared mission page): their lazily loaded page
 * chunk, its static imports and its styles are written to `dist/route-preloads.json`, and the server
 * names them in that page's HTML (`modulepreload`, stylesheet) so they download with the first-load
 * scripts instead of after them (one round trip less before the page can draw; issue 12).
 */
export const ENTRY_PAGES: readonly { path: string; module: string; drawn?: true }[] = [
  { path: '/login/auth', module: 'src/features/auth/pages/login-auth-page.tsx' },
  { path: '/home', module: 'src/features/home/pages/home-page.tsx' },
  // Drawn by the server for each request, with the day's data (src/prerender/draw-page.tsx).
  { path: '/mission/shared/', module: 'src/features/mission/pages/shared-mission-page.tsx', drawn: true },
  { path: '/challenge/shared/', module: 'src/features/mission/pages/shared-mission-page.tsx', drawn: true },
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
      for (const page of ENTRY_PAGES) {
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
