import { normalizePathname } from './route-guards.ts';

/** Which parts of the app frame a path shows (spec §2). */
export interface Chrome {
  header: boolean;
  bottomNav: boolean;
  footer: boolean;
  theme: 'default' | 'green';
}

/** The five tab roots: header and bottom navigation show on exactly these paths. */
export const TAB_ROOTS = ['/home', '/challenge', '/team', '/active', '/my'] as const;
export type TabRoot = (typeof TAB_ROOTS)[number];

const FOOTER_PATHS: ReadonlySet<string> = new Set(['/home', '/login/auth']);

export function isTabRoot(path: string): path is TabRoot {
  return (TAB_ROOTS as readonly string[]).includes(path);
}

export function chromeFor(pathname: string): Chrome {
  const path = normalizePathname(pathname);
  const tabRoot = isTabRoot(path);
  return {
    header: tabRoot,
    bottomNav: tabRoot,
    footer: FOOTER_PATHS.has(path),
    // The whole /active section is green, its sub-pages included.
    theme: path === '/active' || path.startsWith('/active/') ? 'green' : 'default',
  };
}
