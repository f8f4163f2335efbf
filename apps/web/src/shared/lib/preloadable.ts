import { createElement, use, type ComponentProps, type ComponentType } from 'react';

/**
 * A component from a lazily loaded module that draws at once when its code is already there.
 * `preload()` starts (or joins) the load; once it is done the component renders without suspending,
 * where `React.lazy` would still suspend on its first render and show the fallback — and React holds
 * a fallback's replacement back for 300 ms. Until then it suspends on the same load (`use`).
 * `isLoaded()` tells whether it would draw at once.
 */
export function preloadable<
  // `any` only in the constraint, as React's own `lazy` does: the props stay the component's.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
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
  function Preloadable(props: ComponentProps<Module[Name]>) {
    const Component = loaded ?? use(preload());
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== null });
}
