/** A keyset-paged list of the API (`{items, next}`), page after page with "Load more". */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Page } from '../../lib/schemas/records';
import { api, listQuery } from '../api';

/** Rows asked for per page. */
export const PAGE_SIZE = 50;

/**
 * The rows of `path` with `params` (a search, filters), 50 at a time: `rows` so far, and
 * `list.fetchNextPage()` for the next page while `list.hasNextPage`. The query key holds the
 * params, so each search has its own pages.
 */
export function usePaged<T>(path: string, params: Record<string, string> = {}) {
  const list = useInfiniteQuery({
    queryKey: [path, params],
    queryFn: ({ pageParam }) => api<Page<T>>(`${path}${listQuery({ ...params, limit: PAGE_SIZE, after: pageParam })}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  // One array per answer, not per render: the table rebuilds its rows only when they change.
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? (EMPTY as T[]), [list.data]);
  return { list, rows };
}

const EMPTY: never[] = [];
