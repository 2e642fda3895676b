import { DEFAULT_FEEDBLOCKING_SETTINGS, type FeedblockingSettings } from '@stillpoint/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api';
import { clearBrowserSitesCache } from '../../../lib/extension/actions';
import { feedblockingSettingsQuery, feedblockingSwitchItems } from '../../../lib/feedblocking';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { StepLayout } from '../../../ui/step-layout';
import { SwitchList } from '../../../ui/switch-list';
import { showErrorToast } from '../../../ui/toast';

const TITLE = 'Which feeds should we hide?';

/**
 * SETUP_FEEDBLOCKING: the six switches, starting from the saved settings or all on, saved
 * together on Continue; the extension is told to pick them up at once.
 */
export function FeedblockingStep({ onNext }: { onNext(): void }) {
  const queryClient = useQueryClient();
  const saved = useQuery(feedblockingSettingsQuery());
  const [changes, setChanges] = useState<Partial<FeedblockingSettings>>({});
  const save = useMutation({
    mutationFn: (settings: FeedblockingSettings) => callApi('updateBrowserSiteSettings', settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.feedblockingSettings(), settings);
      void clearBrowserSitesCache();
      onNext();
    },
    onError: () => showErrorToast(),
  });

  const settings: FeedblockingSettings = { ...DEFAULT_FEEDBLOCKING_SETTINGS, ...saved.data, ...changes };

  return (
    <StepLayout
      title={TITLE}
      lead="The endless feed is replaced by a quiet note; search, messages and the rest keep working."
      actions={
        <Button onClick={() => save.mutate(settings)} disabled={!saved.isSuccess} loading={save.isPending}>
          Continue
        </Button>
      }
    >
      {saved.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading your feedblocking settings" className="size-8" />
        </div>
      ) : saved.isError ? (
        <LoadError
          message="We couldn't load your feedblocking settings."
          detail={saved.error.message}
          retrying={saved.isFetching}
          onRetry={() => void saved.refetch()}
        />
      ) : (
        <SwitchList
          items={feedblockingSwitchItems(settings)}
          disabled={save.isPending}
          onChange={(key, checked) => setChanges((current) => ({ ...current, [key]: checked }))}
        />
      )}
    </StepLayout>
  );
}
