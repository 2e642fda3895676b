import { type FeedblockingSettings, ONBOARDING_PATH } from '@stillpoint/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { feedblockingSwitchItems } from '../../../lib/feedblocking';
import { finishSetupState } from '../../../lib/onboarding-entry';
import { buttonStyles } from '../../../ui/button-styles';
import { LoadError } from '../../../ui/load-error';
import { SwitchList } from '../../../ui/switch-list';
import { useFeedblockingSettings, useSetFeedblocking } from './use-feedblocking-settings';

/** SPEC §2 'Sites we'll feedblock': a switch per site, or 'Finish setup' when there are no settings yet. */
export function FeedblockingSection() {
  const settings = useFeedblockingSettings();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-0.5">
        <h3 id={headingId} className="text-base font-semibold text-ink sm:text-lg">
          Sites we'll feedblock
        </h3>
        <p className="text-sm text-muted">
          The endless feed is hidden; search, messages and the rest still work.
        </p>
      </div>

      {settings.isPending ? (
        <div
          role="status"
          aria-label="Loading your feedblocking settings"
          className="h-80 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
        />
      ) : settings.isError ? (
        <LoadError
          message="We couldn't load your feedblocking settings."
          detail={settings.error.message}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data === null ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Feedblocking isn't set up yet. Finish setup to choose which feeds to hide.
          </p>
          <Link
            to={ONBOARDING_PATH}
            // Premium people skip onboarding unless they come to finish setting up.
            state={finishSetupState}
            onClick={() => track('clickedFinishSetupFromHome')}
            className={buttonStyles('primary', 'shrink-0')}
          >
            Finish setup
          </Link>
        </div>
      ) : (
        <FeedblockingSwitches settings={settings.data} />
      )}
    </section>
  );
}

function FeedblockingSwitches({ settings }: { settings: FeedblockingSettings }) {
  const setFeedblocking = useSetFeedblocking();
  return (
    <SwitchList
      items={feedblockingSwitchItems(settings)}
      onChange={(setting, enabled) => setFeedblocking.mutate({ setting, enabled })}
    />
  );
}
