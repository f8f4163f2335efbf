import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';
import { ErrorState } from './error-state.tsx';
import { Skeleton } from './skeleton.tsx';

interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch' | 'isFetching'>;
  /** What shows while the first load runs; a skeleton of text lines unless given. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One query's three faces: loading (a skeleton shaped like the content), failed (what happened and
 * a retry), and loaded.
 */
export function QueryState<T>({ query, loading, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <Skeleton lines={3} label={messages.common.loading} />}</>;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  return <>{children(query.data as T)}</>;
}
