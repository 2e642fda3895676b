import { type CustomSite, hasSessionsLeft, siteDisplayName, siteHost } from '@stillpoint/core';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { useToggleSiteActive } from '../../../lib/sites/site-mutations';
import { Switch } from '../../../ui/switch';
import { BreakableHost } from './breakable-host';
import { SessionTimer } from './session-timer';
import { SiteMonogram } from './site-monogram';

interface SiteCardProps {
  site: CustomSite;
  onEdit(site: CustomSite): void;
}

/**
 * SPEC §2 site card: the host, an edit button, the intercept switch and '{used}/{budget} Uses
 * Today'; during a session, its timer.
 */
export function SiteCard({ site, onEdit }: SiteCardProps) {
  const host = siteHost(site.siteOrigin);
  const toggle = useToggleSiteActive();
  const headingId = useId();
  const used = site.todaysSessions.length;
  const overBudget = !hasSessionsLeft(site.dailyBudget, used);

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors sm:p-5"
    >
      <div className="flex items-center gap-2 sm:gap-3">
        <SiteMonogram host={host} active={site.active} />
        <div className="min-w-0 flex-1">
          <h4
            id={headingId}
            className="text-[15px] font-semibold text-ink [overflow-wrap:anywhere] sm:text-base"
            title={siteDisplayName(site.siteOrigin)}
          >
            <BreakableHost host={host} />
          </h4>
          <p className={`text-sm ${overBudget ? 'font-medium text-ink' : 'text-muted'}`}>
            {`${used}/${site.dailyBudget} uses today`}
            {site.active ? null : <span className="font-normal text-muted"> · Paused</span>}
          </p>
        </div>
        <button
          type="button"
          onClick={() => onEdit(site)}
          aria-label={`Edit ${host}`}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-accent-soft hover:text-accent"
        >
          <Pencil aria-hidden="true" className="size-5" strokeWidth={1.8} />
        </button>
        <Switch
          checked={site.active}
          onCheckedChange={(active) => toggle.mutate({ siteId: site.id, active })}
          label={`Intercept ${host}`}
        />
      </div>
      {site.activeSessions.length > 0 ? <SessionTimer sessions={site.activeSessions} host={host} /> : null}
    </li>
  );
}
