import type { AdminPerson } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { PageSpinner } from '../../ui/page-spinner';
import { showSuccessToast } from '../../ui/toast';
import { ActionDialog, useActionDialog } from './action-dialog';
import { errorText, isNotFound } from './admin-api';
import { AdminConsole, ConsolePage } from './admin-console';
import { personName } from './admin-format';
import { ADMIN_PATHS } from './admin-paths';
import { personQuery } from './admin-queries';
import { AuditTable } from './audit-table';
import { ConsoleSection, EmptyNote } from './console-section';
import { PersonAccount, PremiumBadge } from './person-account';
import { PersonEntitlements } from './person-entitlements';
import { PersonGifts } from './person-gifts';
import { PersonPayments } from './person-payments';
import { PersonSites } from './person-sites';

/** /admin/person?uid=…: everything support needs about one person, and what it can do for them. */
export function PersonPage() {
  const [search] = useSearchParams();
  const uid = search.get('uid')?.trim() ?? '';
  return <AdminConsole>{uid ? <Person uid={uid} /> : <NoOne message="No person is chosen." />}</AdminConsole>;
}

function Person({ uid }: { uid: string }) {
  const person = useQuery(personQuery(uid));
  if (person.data) return <PersonDetails person={person.data} />;
  if (person.isError && isNotFound(person.error))
    return <NoOne message={`No one has the user id ${uid}. The account may have been deleted.`} />;
  if (person.isError)
    return (
      <ConsolePage title="Person" heading="Person">
        <LoadError
          message="We couldn't load this person."
          detail={errorText(person.error)}
          retrying={person.isFetching}
          onRetry={() => void person.refetch()}
        />
      </ConsolePage>
    );
  return <PageSpinner label="Loading the person" />;
}

function NoOne({ message }: { message: string }) {
  return (
    <ConsolePage title="Person" heading="Person not found" lead={message}>
      <Link
        to={ADMIN_PATHS.findPeople}
        className="font-semibold text-accent underline-offset-2 hover:underline"
      >
        Find a person
      </Link>
    </ConsolePage>
  );
}

function PersonDetails({ person }: { person: AdminPerson }) {
  const navigate = useNavigate();
  const dialog = useActionDialog();
  const { start } = dialog;
  const done = (message: string) => {
    dialog.close();
    showSuccessToast(message);
    if (dialog.action?.kind === 'delete') navigate(ADMIN_PATHS.findPeople, { replace: true });
  };
  const name = personName(person.account);

  return (
    <ConsolePage
      title={name}
      heading={<span className="break-words">{name}</span>}
      lead={
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <PremiumBadge premium={person.premium} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => start({ kind: 'grant' })}>Grant premium</Button>
            <Button variant="dangerGhost" onClick={() => start({ kind: 'delete' })}>
              Delete account
            </Button>
          </div>
        </div>
      }
    >
      <PersonAccount account={person.account} />
      <PersonEntitlements
        person={person}
        onRevoke={(entitlement) => start({ kind: 'revoke', entitlement })}
      />
      <PersonPayments payments={person.payments} onRefund={(payment) => start({ kind: 'refund', payment })} />
      <PersonGifts
        person={person}
        onResend={(purchase) => start({ kind: 'resend', purchase })}
        onRefund={(purchase) => start({ kind: 'refundGift', purchase })}
      />
      <PersonSites sites={person.sites} />
      <ConsoleSection heading="Audit trail">
        {person.auditEvents.length === 0 ? (
          <EmptyNote>No admin has acted on this account yet.</EmptyNote>
        ) : (
          <AuditTable label="Audit trail" events={person.auditEvents} />
        )}
      </ConsoleSection>
      <ActionDialog
        account={person.account}
        action={dialog.action}
        open={dialog.open}
        onClose={dialog.close}
        onDone={done}
      />
    </ConsolePage>
  );
}
