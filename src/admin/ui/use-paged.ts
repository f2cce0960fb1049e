/**
 * A paged list of the API, page after page with "Load more": the next page is the address the
 * answer names (its `Link` header, rel="next", or its `next` cursor).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiPage, listQuery } from '../api';

/** Rows asked for per page. */
export const PAGE_SIZE = 50;

/** The rows of an answer: a bare list (the specification's lists), `{users}` or `{items}`. */
export function rowsOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const answer = body as { items?: T[]; users?: T[] } | null;
  return answer?.items ?? answer?.users ?? [];
}

/**
 * The rows of `path` with `params` (a search, filters), 50 at a time: `rows` so far, and
 * `list.fetchNextPage()` for the next page while `list.hasNextPage`. The query key holds the
 * params, so each search has its own pages.
 */
export function usePaged<T>(path: string, params: Record<string, string> = {}) {
  const list = useInfiniteQuery({
    queryKey: [path, params],
    queryFn: ({ pageParam }) => apiPage<T>(pageParam || `${path}${listQuery({ ...params, limit: PAGE_SIZE })}`, rowsOf<T>),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  // One array per answer, not per render: the table rebuilds its rows only when they change.
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? (EMPTY as T[]), [list.data]);
  return { list, rows };
}

const EMPTY: never[] = [];
