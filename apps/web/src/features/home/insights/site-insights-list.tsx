import { formatPhoneUse, type SiteInsights, siteHost } from '@stillpoint/core';
import { useId } from 'react';
import { BreakableHost } from '../sites/breakable-host';
import { SiteMonogram } from '../sites/site-monogram';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Each site's week, most pauses first (the server's order), named as the site cards name it. */
export function SiteInsightsList({ sites }: { sites: readonly SiteInsights[] }) {
  const headingId = useId();
  if (sites.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        By site
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line">
        {sites.map((site) => {
          const host = siteHost(site.siteOrigin);
          return (
            <li key={site.siteId} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <SiteMonogram host={host} active />
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-semibold text-ink [overflow-wrap:anywhere]" title={site.siteOrigin}>
                  <BreakableHost host={host} />
                </p>
                <p className="text-sm text-muted">
                  {[
                    plural(site.total.attempts, 'pause', 'pauses'),
                    `${site.total.turnedBack} turned back`,
                    plural(site.total.sessions, 'session', 'sessions'),
                    `${formatPhoneUse(site.total.minutesUsed)} used`,
                  ].join(' · ')}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
