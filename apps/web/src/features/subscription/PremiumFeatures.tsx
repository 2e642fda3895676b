import { FEEDBLOCKING_SITE_LABELS, FEEDBLOCKING_SITES } from '@stillpoint/core';
import { Check } from 'lucide-react';
import { useId } from 'react';

const feedSites = new Intl.ListFormat('en', { type: 'conjunction' }).format(
  FEEDBLOCKING_SITES.map((site) => FEEDBLOCKING_SITE_LABELS[site]),
);

/** What Stillpoint does, as premium offers it. */
const features = [
  {
    title: 'Unlimited intercepted sites',
    detail: 'A pause to breathe before any site you choose, as many as you like.',
  },
  {
    title: `Feed blocking on ${FEEDBLOCKING_SITES.length} sites`,
    detail: `${feedSites}: the feed goes, search and messages stay.`,
  },
  {
    title: 'Phone-use summary and insights',
    detail: 'Screen time, your day streak and app-by-app use, across the web and your phone.',
  },
  {
    title: 'Daily session budgets',
    detail: 'Choose how many sessions each site gets a day.',
  },
  {
    title: 'Cancel anytime',
    detail: 'Manage or cancel your plan from this page; it runs to the end of what you paid for.',
  },
];

export function PremiumFeatures() {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
        What you get
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-4">
        {features.map((feature) => (
          <li key={feature.title} className="flex gap-3">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold text-ink">{feature.title}</span>
              <span className="text-sm text-muted">{feature.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
