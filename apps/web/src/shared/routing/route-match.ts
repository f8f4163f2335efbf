import { parse } from 'regexparam';

/** A route of the table: a path pattern (`/team/:teamId/always/:subChallengeId`, `*`, `/admin/*`). */
export interface PathRoute {
  path: string;
}

export interface RouteMatch<Route extends PathRoute> {
  route: Route;
  /** Values of the pattern's `:names`, percent-decoded; a splat's rest under `*`. */
  params: Readonly<Record<string, string>>;
}

interface Compiled<Route extends PathRoute> {
  route: Route;
  pattern: RegExp;
  keys: string[];
  score: number;
  order: number;
}

/**
 * How specific a pattern is, so the most specific route wins whatever the table's order:
 * `/team/always/:teamId/:subChallengeId` before `/team/:teamId/:subChallengeId/:challengeType`,
 * both before `*`. The weights are React Router's (the rule the app's routes were written for):
 * a static segment 10, a `:param` 3, a splat −2, plus one per segment.
 */
export function specificity(path: string): number {
  const segments = path.split('/').filter(Boolean);
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length,
  );
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What a param's value must look like, by param name; a route whose value does not fit is skipped. */
export type ParamFormats = Readonly<Record<string, (value: string) => boolean>>;

/**
 * A matcher over a route table: case-insensitive, a trailing slash allowed, `/x/*` matching `/x`
 * itself too (regexparam's patterns, which wouter uses). With `formats`, a route matches only when
 * each of its params fits its name's format, so `/team/2/challenge/1` is not an invite link whose
 * subChallengeId is "challenge".
 */
export function createRouteMatcher<Route extends PathRoute>(
  routes: readonly Route[],
  formats: ParamFormats = {},
) {
  const compiled: Compiled<Route>[] = routes
    .map((route, order) => {
      const { pattern, keys } = parse(route.path.replace(/\/\*$/, '/*?'));
      return { route, pattern, keys: keys as string[], score: specificity(route.path), order };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname: string): RouteMatch<Route> | null => {
    for (const { route, pattern, keys } of compiled) {
      const found = pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      keys.forEach((key, index) => {
        const value = found[index + 1];
        if (value !== undefined) params[key] = decode(value);
      });
      const fits = Object.entries(params).every(([key, value]) => formats[key]?.(value) ?? true);
      if (!fits) continue;
      return { route, params };
    }
    return null;
  };
}
