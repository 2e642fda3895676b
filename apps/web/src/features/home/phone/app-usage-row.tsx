import {
  appDisplayName,
  appUsageToday,
  formatPhoneUse,
  isOverAppBudget,
  type MobileApp,
  type SupportedApp,
} from '@stillpoint/core';
import { useId } from 'react';
import { brand } from '../../../lib/brand';
import { ProgressBar } from '../../../ui/progress-bar';
import { PlusIcon } from './icons';

interface AppUsageRowProps {
  app: MobileApp;
  supportedApps: readonly SupportedApp[];
  onAddDomain(domain: string): void;
}

/** A share of the budget as a bar: opens over budget draw a full (red) bar; no budget is full at once. */
function budgetPercent(opens: number, budget: number): number {
  if (budget <= 0) return opens > 0 ? 100 : 0;
  return (opens / budget) * 100;
}

const opensWord = (opens: number) => (opens === 1 ? 'open' : 'opens');

/**
 * One limited app (SPEC §2 phone card): icon, name, time used today, today's opens against the
 * daily budget with a bar that turns red past it, and the app's web domains, each with a '+' to
 * intercept it. An app whose phone build reported only a week total shows that total instead, in
 * muted text: a week's opens measured against a day's budget would read as over budget when not.
 */
export function AppUsageRow({ app, supportedApps, onAddDomain }: AppUsageRowProps) {
  const name = appDisplayName(app, supportedApps);
  const iconURL = supportedApps.find((candidate) => candidate.id === app.supportedAppId)?.iconURL;
  const { totalAppOpens: opens, totalMinutesUsed: minutes } = appUsageToday(app);
  const week = app.legacyWeekTotal;
  const over = week === null && isOverAppBudget(opens, app.budget);
  const nameId = useId();

  return (
    <li aria-labelledby={nameId} className="flex flex-col gap-2 rounded-2xl bg-surface p-3 shadow-sm">
      <div className="flex items-center gap-3">
        {iconURL ? (
          <img src={iconURL} alt="" className="size-9 shrink-0 rounded-[0.6rem] bg-line object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-[0.6rem] bg-accent-soft text-sm font-semibold text-accent-strong"
          >
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <h4 id={nameId} className="truncate text-sm font-semibold text-ink">
            {name}
          </h4>
          <p className="text-xs text-muted">
            {week === null
              ? `${formatPhoneUse(minutes)} used`
              : `This week: ${week.totalAppOpens} ${opensWord(week.totalAppOpens)}, ${formatPhoneUse(week.totalMinutesUsed)}`}
          </p>
        </div>
        {/* Stacked, so a long app name keeps the width the card has. */}
        {week === null ? (
          <p
            className={`flex shrink-0 flex-col items-end text-xs leading-tight ${over ? 'font-semibold text-danger' : 'text-muted'}`}
          >
            <span className="text-sm font-semibold tabular-nums">{`${opens}/${app.budget}`}</span>{' '}
            <span>opens</span>
          </p>
        ) : (
          <p className="flex shrink-0 flex-col items-end text-xs leading-tight text-muted">
            <span className="text-sm font-semibold tabular-nums">{`${app.budget}/day`}</span>{' '}
            <span>budget</span>
          </p>
        )}
      </div>
      {week === null ? (
        <ProgressBar
          percent={budgetPercent(opens, app.budget)}
          label={over ? `${name}: opens over budget` : `${name}: opens against budget`}
          tone={over ? 'danger' : 'accent'}
        />
      ) : (
        <p className="text-xs text-muted">Update {brand.name} on your phone to see opens per day.</p>
      )}
      {app.domains.length > 0 ? (
        <ul aria-label={`${name} on the web`} className="flex flex-wrap gap-1.5 pt-0.5">
          {app.domains.map((domain) => (
            <li key={domain}>
              <button
                type="button"
                onClick={() => onAddDomain(domain)}
                aria-label={`Intercept ${domain} on the web`}
                className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-line bg-paper py-1 pr-1.5 pl-3 text-xs font-medium text-ink transition-colors hover:border-accent hover:text-accent"
              >
                <span className="truncate">{domain}</span>
                <span className="grid size-5 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
                  <PlusIcon className="size-3" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
