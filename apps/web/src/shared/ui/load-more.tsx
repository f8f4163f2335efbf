import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { messages } from '../messages.ts';
import { Button } from './button.tsx';
import { ErrorState } from './error-state.tsx';

interface LoadMoreProps {
  query: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchNextPageError' | 'isFetchingNextPage' | 'fetchNextPage' | 'error'
  >;
  /** The button's words, e.g. "공지 더 보기". */
  label: string;
}

/** The end of a paged list: a button for the next page, or the failure of the last try with a retry. */
export function LoadMore({ query, label }: LoadMoreProps) {
  if (query.isFetchNextPageError)
    return <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />;
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="neutral"
      block
      busy={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? messages.common.loading : label}
    </Button>
  );
}
