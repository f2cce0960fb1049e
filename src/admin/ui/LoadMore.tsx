/** The "Load more" button under a paged list, while there is a next page. */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

export default function LoadMore({ list }: { list: UseInfiniteQueryResult<InfiniteData<unknown>> }) {
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className="btn btn--outline admin-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </button>
  );
}
