import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { errorText } from './admin-api';
import { EmptyNote } from './console-section';

interface PagedListProps<Page, Item> {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** The rows of one page. */
  itemsOf(page: Page): Item[];
  /** What the list is, for its loading and failure messages: 'feedback'. */
  noun: string;
  empty: string;
  children(items: Item[]): ReactNode;
}

/** A newest-first list read page by page: its rows, then "Load more" while older ones exist. */
export function PagedList<Page, Item>({ query, itemsOf, noun, empty, children }: PagedListProps<Page, Item>) {
  if (query.isPending) return <Spinner label={`Loading ${noun}`} />;
  if (query.isError && !query.data)
    return (
      <LoadError
        message={`We couldn't load the ${noun}.`}
        detail={errorText(query.error)}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const items = query.data.pages.flatMap(itemsOf);
  return (
    <div className="flex flex-col gap-4">
      {items.length === 0 ? <EmptyNote>{empty}</EmptyNote> : children(items)}
      {query.isFetchNextPageError ? (
        <LoadError
          message={`We couldn't load more ${noun}.`}
          detail={errorText(query.error)}
          retrying={query.isFetchingNextPage}
          onRetry={() => void query.fetchNextPage()}
        />
      ) : query.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : items.length > 0 ? (
        <p className="text-center text-sm text-muted">That's all.</p>
      ) : null}
    </div>
  );
}
