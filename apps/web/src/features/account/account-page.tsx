import type { DeleteAccountResponse } from '@stillpoint/core';
import { accountEndpoints } from '@stillpoint/core/api/schemas/account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { provideEndpoints } from '../../lib/api-registry';
import { documentTitle } from '../../lib/document-title';
import { LoadError } from '../../ui/load-error';
import { Modal } from '../../ui/modal';
import { Page } from '../../ui/page';
import { AccountDetails } from './account-details';
import { ACCOUNT_DELETED_PATH, CONFIRM_DELETE, CONFIRM_PARAM } from './account-paths';
import { accountQuery } from './account-query';
import { DeleteAccountFlow } from './delete-account-flow';
import { DeleteAccountSection } from './delete-account-section';
import type { DeletedAccountState } from './deleted-account';
import { DownloadMyData } from './download-my-data';
import type { SignInAgain } from './sign-in-again';

// The page's calls: their schemas come with its code rather than a round trip after it.
provideEndpoints(accountEndpoints);

interface AccountPageProps {
  /** How this account signs in again before a deletion (the sign-in page's steps). */
  useSignInAgain(): SignInAgain;
}

/**
 * /account: who is signed in and how, the plan, a copy of their data, and deleting the account
 * after signing in again. The dialog's state is in the address (`?confirm=delete`), so it survives
 * a sign-in that leaves the page or redraws it.
 */
export function AccountPage({ useSignInAgain }: AccountPageProps) {
  const signInAgain = useSignInAgain();
  const account = useQuery(accountQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const deleting = search.get(CONFIRM_PARAM) === CONFIRM_DELETE;
  const returnError = search.get('error');

  const setDeleting = (open: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        if (open) next.set(CONFIRM_PARAM, CONFIRM_DELETE);
        else next.delete(CONFIRM_PARAM);
        return next;
      },
      { replace: true },
    );

  const onSignedInAgain = async () => {
    // The new session's answer, in the cache before anything draws with the old one.
    await queryClient.fetchQuery({ ...accountQuery(), staleTime: 0 });
  };

  const onDeleted = (deletedAccount: DeleteAccountResponse) => {
    const state: DeletedAccountState = { deletedAccount };
    navigate(ACCOUNT_DELETED_PATH, { replace: true, state });
  };

  const data = account.data;
  const accountName = data
    ? data.phoneNumber
      ? signInAgain.formatPhoneNumber(data.phoneNumber)
      : (data.email ?? '')
    : '';

  return (
    <Page title={documentTitle('Account')} heading="Account">
      <div className="mt-6 flex max-w-3xl flex-col gap-10 md:mt-8">
        {data ? (
          <AccountDetails account={data} formatPhoneNumber={signInAgain.formatPhoneNumber} />
        ) : account.isError ? (
          <LoadError
            message="We couldn't load your account."
            detail={account.error.message}
            retrying={account.isFetching}
            onRetry={() => void account.refetch()}
          />
        ) : (
          <div
            role="status"
            aria-label="Loading your account"
            className="h-48 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
          />
        )}
        <DownloadMyData />
        <DeleteAccountSection onDelete={() => setDeleting(true)} />
      </div>
      {data ? (
        <Modal open={deleting} onOpenChange={setDeleting} title="Delete your account">
          <DeleteAccountFlow
            account={data}
            accountName={accountName}
            signInAgain={signInAgain}
            returnError={returnError ? signInAgain.providerErrorMessage(returnError) : null}
            onSignedInAgain={onSignedInAgain}
            onDeleted={onDeleted}
            onKeep={() => setDeleting(false)}
          />
        </Modal>
      ) : null}
    </Page>
  );
}
