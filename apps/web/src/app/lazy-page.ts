import {
  createElement,
  lazy,
  use,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * A page component from a feature's page module, loaded on first use. Pages of one feature share
 * a module, so a feature costs one request however many of its screens are opened.
 */
export function lazyPage<
  // `any` only in the constraint, as React's own `lazy` does: the props stay those of the page.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  Module extends Record<Name, ComponentType<any>>,
  Name extends string,
>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A page under Suspense that draws at once when its code is already there. `preload()` starts (or
 * joins) the load; once it is done the page renders without suspending, where `React.lazy` would
 * still suspend on its first render and show the fallback — and React holds a fallback's replacement
 * back for 300 ms. Until then the page suspends on the same load (`use`).
 */
export function preloadablePage<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in lazyPage
  Module extends Record<Name, ComponentType<any>>,
  Name extends string,
>(load: () => Promise<Module>, name: Name) {
  let loaded: Module[Name] | null = null;
  let loading: Promise<Module[Name]> | null = null;
  const preload = (): Promise<Module[Name]> =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // A failed load is tried again by the next render (after the error page's retry).
        loading = null;
        throw error;
      },
    ));
  function PreloadablePage(props: ComponentProps<Module[Name]>) {
    const Page = loaded ?? use(preload());
    return createElement(Page, props);
  }
  return Object.assign(PreloadablePage, { preload });
}
