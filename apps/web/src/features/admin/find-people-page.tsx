import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { showSuccessToast } from '../../ui/toast';
import { ActionDialog, useActionDialog } from './action-dialog';
import { errorText } from './admin-api';
import { AdminConsole, ConsolePage } from './admin-console';
import { formatDate, personName } from './admin-format';
import { personPath } from './admin-paths';
import { findPeopleQuery } from './admin-queries';
import type { AdminGiftPurchase } from './person-action';
import { GiftPurchaseCard } from './person-gifts';

/** The longest search the server takes (core's adminFindPeople). */
const MAX_QUERY_LENGTH = 200;

const matchLabels = {
  phone: 'phone number',
  email: 'e-mail',
  uid: 'user id',
  giftCode: 'gift code',
  paymentId: 'payment id',
  customerId: 'customer id',
} as const;

/** /admin: one box that finds a person by anything a customer might quote. */
export function FindPeoplePage() {
  return (
    <AdminConsole>
      <ConsolePage title="Find a person" heading="Find a person">
        <FindPeople />
      </ConsolePage>
    </AdminConsole>
  );
}

function FindPeople() {
  // The search is in the address, so back from a person's page returns to the same results.
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  return (
    <>
      {/* Keyed by the search, so back and forward put the box in step with the results. */}
      <SearchForm key={q} initial={q} onSearch={(wanted) => setSearch({ q: wanted })} />
      {q ? <SearchResults q={q} /> : null}
    </>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch(q: string): void }) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    if (!wanted)
      return setProblem('Type a phone number, e-mail, user id, gift code, payment id or customer id.');
    if (wanted.length > MAX_QUERY_LENGTH) return setProblem(`Use at most ${MAX_QUERY_LENGTH} characters.`);
    setProblem(null);
    onSearch(wanted);
  };

  return (
    <search>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Phone, e-mail, user id, gift code, payment or customer id"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={problem}
          className="flex-1"
        />
        <Button type="submit" className="sm:mt-7">
          Search
        </Button>
      </form>
    </search>
  );
}

function SearchResults({ q }: { q: string }) {
  const results = useQuery(findPeopleQuery(q));
  const headingId = useId();
  const people = results.data?.people;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Results
      </h2>
      <p role="status" className="text-sm text-muted empty:hidden">
        {people
          ? people.length === 0
            ? `No one matches “${q}”.`
            : `${people.length === 1 ? '1 person matches' : `${people.length} people match`} “${q}”.`
          : null}
      </p>
      {results.isPending ? (
        <Spinner label="Searching" />
      ) : results.isError ? (
        <LoadError
          message="The search didn't work."
          detail={errorText(results.error)}
          retrying={results.isFetching}
          onRetry={() => void results.refetch()}
        />
      ) : people && people.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
          {people.map((person) => (
            <li key={person.uid}>
              <Link
                to={personPath(person.uid)}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-accent-soft/50 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-accent break-words">{personName(person)}</span>
                  <span className="text-sm text-muted break-words">
                    {[person.phoneNumber ? person.email : null, person.uid].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <span className="flex shrink-0 flex-wrap gap-2 text-sm text-muted">
                  <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
                    Matched by {matchLabels[person.matchedBy]}
                  </span>
                  <span>Joined {formatDate(person.createdAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {results.data && results.data.giftPurchases.length > 0 ? (
        <FoundGiftPurchases purchases={results.data.giftPurchases} />
      ) : null}
    </section>
  );
}

/** Gift purchases the search names, a guest's too, each with its actions. */
function FoundGiftPurchases({ purchases }: { purchases: AdminGiftPurchase[] }) {
  const headingId = useId();
  const dialog = useActionDialog();
  const { start } = dialog;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 pt-2">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Gift purchases
      </h2>
      <ul className="flex flex-col gap-4">
        {purchases.map((purchase) => (
          <li key={purchase.id}>
            <GiftPurchaseCard
              purchase={purchase}
              onResend={(chosen) => start({ kind: 'resend', purchase: chosen })}
              onRefund={(chosen) => start({ kind: 'refundGift', purchase: chosen })}
            />
          </li>
        ))}
      </ul>
      <ActionDialog
        account={null}
        action={dialog.action}
        open={dialog.open}
        onClose={dialog.close}
        onDone={(message) => {
          dialog.close();
          showSuccessToast(message);
        }}
      />
    </section>
  );
}
