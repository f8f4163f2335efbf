import { createContext, use, useMemo } from 'react';
import {
  navigate as browserNavigate,
  useHistoryState,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location';

/**
 * The app's location and navigation, over wouter's browser location (the History API, patched once
 * so pushes and replacements are heard like back and forward). Every entry the app pushes carries a
 * key, so a page's scroll position can be found again when back or forward returns to it.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** This history entry's own key; `default` for the entry the tab opened on. */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export interface NavigateOptions {
  replace?: boolean;
}

let lastNavigation: NavigationType = 'POP';
if (typeof window !== 'undefined') {
  // Registered before any location subscriber, so it has run when the pages draw the new entry.
  window.addEventListener('popstate', () => {
    lastNavigation = 'POP';
  });
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Goes to `to` (a path with its search), as a new history entry or in place of this one. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  lastNavigation = options.replace ? 'REPLACE' : 'PUSH';
  browserNavigate(to, { replace: options.replace ?? false, state: { key: newKey() } });
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

/** How the entry on screen was reached: back or forward (`POP`, also the first load), a push or a replace. */
export function useNavigationType(): NavigationType {
  useHistoryState();
  return lastNavigation;
}

/**
 * The address a page is drawn for outside a browser (the build's prerendering of entry pages,
 * `src/prerender/`); in the browser it is never set and the tab's own address counts.
 */
export const ServerLocationContext = createContext<{ pathname: string; search: string } | null>(null);

export function useLocation(): AppLocation {
  const server = use(ServerLocationContext);
  const ssr = server ? { ssrPath: server.pathname, ssrSearch: server.search } : undefined;
  const pathname = usePathname(ssr);
  const search = useSearch(ssr);
  const state = useHistoryState<{ key?: unknown } | null>();
  const key = typeof state?.key === 'string' ? state.key : 'default';
  return { pathname, search, hash: server ? '' : window.location.hash, key };
}

type SearchParamsUpdate =
  | URLSearchParams
  | Record<string, string>
  | ((current: URLSearchParams) => URLSearchParams | Record<string, string>);

/**
 * The query string's parameters, and a setter that replaces them (a new entry unless `replace`),
 * given the new ones or a function of the current ones.
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: SearchParamsUpdate, options?: NavigateOptions) => {
    const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
    navigate(`${pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

/** The matched route's `:params` (percent-decoded), given by the route table to its page. */
export const RouteParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

export function useParams(): Readonly<Record<string, string | undefined>> {
  return use(RouteParamsContext);
}
