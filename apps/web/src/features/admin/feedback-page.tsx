import { type AdminFeedbackItem, adminFeedbackKinds } from '@stillpoint/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { AdminConsole, ConsolePage } from './admin-console';
import { formatDateTime, personName } from './admin-format';
import { personPath } from './admin-paths';
import { type FeedbackFilter, type FeedbackKind, feedbackQuery } from './admin-queries';
import { PagedList } from './paged-list';

const kindLabels: Record<FeedbackKind, string> = { feedback: 'Feedback', uninstall: 'Uninstall' };

const isKind = (value: string | null): value is FeedbackKind =>
  (adminFeedbackKinds as readonly (string | null)[]).includes(value);

/** /admin/feedback: feedback from the app and from uninstalls, newest first, by kind and words. */
export function FeedbackPage() {
  return (
    <AdminConsole>
      <ConsolePage title="Feedback" heading="Feedback" lead="Feedback and uninstall feedback, newest first.">
        <Feedback />
      </ConsolePage>
    </AdminConsole>
  );
}

function Feedback() {
  // The filter is in the address, so it survives a visit to a person's page and back.
  const [search, setSearch] = useSearchParams();
  const kind = search.get('kind');
  const filter: FeedbackFilter = { kind: isKind(kind) ? kind : null, q: (search.get('q') ?? '').trim() };
  const query = useInfiniteQuery(feedbackQuery(filter));
  const apply = (next: FeedbackFilter) =>
    setSearch({ ...(next.kind ? { kind: next.kind } : {}), ...(next.q ? { q: next.q } : {}) });

  return (
    <>
      <FeedbackFilterForm key={`${filter.kind} ${filter.q}`} filter={filter} onApply={apply} />
      <PagedList
        query={query}
        itemsOf={(page) => page.items}
        noun="feedback"
        empty={filter.kind || filter.q ? 'No feedback matches this filter.' : 'No feedback yet.'}
      >
        {(items) => (
          <ul aria-label="Feedback" className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={`${item.kind}-${item.id}`}>
                <FeedbackItem item={item} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function FeedbackFilterForm({
  filter,
  onApply,
}: {
  filter: FeedbackFilter;
  onApply(filter: FeedbackFilter): void;
}) {
  const kindId = useId();
  const [kind, setKind] = useState<FeedbackKind | null>(filter.kind);
  const [words, setWords] = useState(filter.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ kind, q: words.trim().slice(0, 200) });
  };
  return (
    <search aria-label="Filter feedback">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium text-ink">
            Kind
          </label>
          <select
            id={kindId}
            value={kind ?? ''}
            onChange={(event) => setKind(isKind(event.target.value) ? event.target.value : null)}
            className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base text-ink focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent"
          >
            <option value="">All</option>
            {adminFeedbackKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Words"
          type="search"
          autoComplete="off"
          maxLength={200}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          className="flex-1"
        />
        <Button type="submit">Filter</Button>
      </form>
    </search>
  );
}

function FeedbackItem({ item }: { item: AdminFeedbackItem }) {
  const who = item.uid
    ? personName({ uid: item.uid, phoneNumber: item.phoneNumber, email: item.email })
    : null;
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            item.kind === 'uninstall' ? 'bg-amber-100 text-amber-900' : 'bg-accent-soft text-accent-strong'
          }`}
        >
          {kindLabels[item.kind]}
        </span>
        <span>{formatDateTime(item.createdAt)}</span>
        {item.location ? <span className="break-words">from {item.location}</span> : null}
        {item.extensionVersion ? <span>extension {item.extensionVersion}</span> : null}
      </p>
      {item.reason ? <p className="font-medium text-ink">{item.reason}</p> : null}
      {item.content ? <p className="whitespace-pre-line break-words text-ink">{item.content}</p> : null}
      {!item.reason && !item.content ? <p className="text-muted">No words given.</p> : null}
      <p className="text-sm text-muted">
        {who && item.uid ? (
          <Link to={personPath(item.uid)} className="font-medium text-accent underline break-words">
            {who}
          </Link>
        ) : (
          (item.email ?? item.phoneNumber ?? 'Sent signed out')
        )}
      </p>
    </article>
  );
}
