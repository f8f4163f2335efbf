import type { FetchQueryOptions } from '@tanstack/react-query';

// Any query's options: the calls of a page are of many answer types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyCall = FetchQueryOptions<any, any, any, any>;

/**
 * The calls a page's first render makes, named by the page (`Page.firstCalls`), so they can start
 * before that render (app/start-first-calls.ts): a query starts when its component has been drawn and
 * committed, which on a slow phone is a few hundred milliseconds after the code has arrived.
 */
export type FirstCalls = () => readonly AnyCall[];
