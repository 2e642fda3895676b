import { formatPhoneUse, needsMobileSetup, streakDays } from '@stillpoint/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/button';
import { buttonStyles } from '../../../ui/button-styles';
import { Spinner } from '../../../ui/spinner';
import { useAddSite } from '../sites/add-site-provider';
import { AppUsageRow } from './app-usage-row';
import { FireIcon, PhoneIcon } from './icons';
import { PhoneFrame } from './phone-frame';
import { usePhoneUse } from './use-phone-use';

/**
 * SPEC §2 'Your phone use': a phone-shaped card with today's screen time, the day streak and each
 * limited app; before any phone has reported, an invitation to set up the mobile app.
 */
export function PhoneUseSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
        Your phone use
      </h2>
      <PhoneFrame>
        <PhoneScreen />
      </PhoneFrame>
    </section>
  );
}

function PhoneScreen() {
  const phone = usePhoneUse();
  const { openAddSite } = useAddSite();

  if (phone.error) {
    return (
      <div role="alert" className="my-auto flex flex-col items-center gap-3 text-center">
        <p className="font-semibold text-ink">We couldn't load your phone use.</p>
        <p className="text-sm text-muted">{phone.error.message}</p>
        <Button variant="secondary" loading={phone.isRetrying} onClick={phone.retry}>
          Try again
        </Button>
      </div>
    );
  }

  if (phone.isPending || !phone.apps || !phone.supportedApps || !phone.profile) {
    return (
      <div className="my-auto grid place-items-center">
        <Spinner label="Loading your phone use" />
      </div>
    );
  }

  const { apps, supportedApps, profile } = phone;
  if (needsMobileSetup(apps.length, profile.mobileScreenTimeToday)) {
    return (
      <div className="my-auto flex flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
          <PhoneIcon className="size-7" />
        </span>
        <div className="flex flex-col gap-1.5">
          <h3 className="text-lg font-semibold text-ink">Bring your phone along</h3>
          <p className="text-sm text-muted">
            Install {brand.name} on your phone and sign in with this account to see your screen time, streak
            and app limits here.
          </p>
        </div>
        <Link to="/mobileDownload" className={buttonStyles('primary', 'w-full')}>
          Mobile setup
        </Link>
      </div>
    );
  }

  const streak = streakDays(profile.streakData.streakStarted, new Date());
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-center text-sm font-semibold tracking-wide text-muted uppercase">
        Phone use today
      </h3>
      <dl className="grid grid-cols-2 gap-2.5">
        <div className="flex flex-col justify-between gap-1 rounded-2xl bg-surface p-3 shadow-sm">
          <dt className="text-xs text-muted">Screen time today</dt>
          <dd className="text-xl font-semibold tabular-nums text-ink">
            {formatPhoneUse(profile.mobileScreenTimeToday)}
          </dd>
        </div>
        <div className="flex flex-col justify-between gap-1 rounded-2xl bg-surface p-3 shadow-sm">
          <dt className="text-xs text-muted">Day streak</dt>
          <dd className="flex items-center gap-1 text-xl font-semibold tabular-nums text-ink">
            <FireIcon className="size-5 text-[#d9480f]" />
            {streak}
          </dd>
        </div>
      </dl>
      {apps.length > 0 ? (
        <ul aria-label="Apps today" className="flex flex-col gap-2.5">
          {apps.map((app) => (
            <AppUsageRow key={app.id} app={app} supportedApps={supportedApps} onAddDomain={openAddSite} />
          ))}
        </ul>
      ) : (
        <p className="text-center text-sm text-muted">No limited apps yet. Add some in the phone app.</p>
      )}
    </div>
  );
}
