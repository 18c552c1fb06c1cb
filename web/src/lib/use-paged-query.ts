/**
 * A list read a cursor page at a time: every paged endpoint answers `{items, nextCursor}` and
 * takes `?cursor=` (profile, dashboard and admin lists).
 */
import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiRequest, type ResponseSchemas } from '#web/lib/api-client.ts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function usePagedQuery<T>({
  queryKey,
  path,
  params = {},
  schema,
  keepPrevious = false,
  enabled = true,
  firstPage,
}: {
  queryKey: QueryKey;
  /** Show the previous list while the next one loads (a search as you type). */
  keepPrevious?: boolean;
  enabled?: boolean;
  /** The first page when another answer already carried it: only the next ones are asked for. */
  firstPage?: Page<T> | undefined;
  path: string;
  params?: Record<string, string | undefined>;
  schema: (schemas: ResponseSchemas) => z.ZodType<Page<T>>;
}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
      if (pageParam) search.set('cursor', pageParam);
      const query = search.size > 0 ? `?${search}` : '';
      return apiRequest<Page<T>>('GET', `${path}${query}`, { signal, schema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(firstPage ? { initialData: { pages: [firstPage], pageParams: [null] } } : {}),
  });
}
