import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
