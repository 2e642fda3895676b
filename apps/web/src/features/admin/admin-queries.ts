import type { adminFeedbackKinds } from '@stillpoint/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { callAdmin } from './admin-api';

/** Rows per page of the console's lists. */
export const LIST_PAGE_SIZE = 25;

/** Whether the signed-in person may use the console: the server answers 403 when not. */
export const adminSelfQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.self(),
    queryFn: ({ signal }) => callAdmin('adminGetSelf', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export const findPeopleQuery = (q: string) =>
  queryOptions({
    queryKey: queryKeys.admin.people(q),
    queryFn: ({ signal }) => callAdmin('adminFindPeople', { q }, { signal }),
    enabled: q.length > 0,
  });

export const personQuery = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.admin.person(uid),
    queryFn: ({ signal }) => callAdmin('adminGetPerson', { uid }, { signal }),
    // What support acts on must be what the server holds now, not a copy from a minute ago.
    staleTime: 0,
  });

export type FeedbackKind = (typeof adminFeedbackKinds)[number];

export interface FeedbackFilter {
  kind: FeedbackKind | null;
  q: string;
}

export const feedbackQuery = (filter: FeedbackFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.feedback(filter),
    queryFn: ({ pageParam, signal }) =>
      callAdmin(
        'adminListFeedback',
        {
          kind: filter.kind ?? undefined,
          q: filter.q || undefined,
          before: pageParam ?? undefined,
          limit: LIST_PAGE_SIZE,
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });

export const auditEventsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.auditEvents(),
    queryFn: ({ pageParam, signal }) =>
      callAdmin(
        'adminListAuditEvents',
        { before: pageParam ?? undefined, limit: LIST_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });

export const clientErrorsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.clientErrors(),
    queryFn: ({ pageParam, signal }) =>
      callAdmin(
        'adminListClientErrors',
        { before: pageParam ?? undefined, limit: LIST_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });
