import type { CustomSite } from '@stillpoint/core';
import { Target } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { track } from '../../../lib/analytics';
import { SiteAccessNotice } from '../../../lib/siteAccess/SiteAccessNotice';
import { useSites } from '../../../lib/sites';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../ui/LoadError';
import { useAddSite } from './AddSiteProvider';
import { EditSiteModal, loadEditSiteForm } from './EditSiteModal';
import { SiteCard } from './SiteCard';

/**
 * SPEC §2 'Sites we'll intercept': a card per site, '+ Add site', and an invitation when empty;
 * above the cards, the sites this browser has not granted the extension access to (decision 045).
 */
export function SitesSection() {
  const sites = useSites();
  const { openAddSite } = useAddSite();
  const [editing, setEditing] = useState<CustomSite | null>(null);
  const headingId = useId();

  const edit = useCallback((site: CustomSite) => {
    void loadEditSiteForm();
    setEditing(site);
    track('viewEditSiteModal', { siteId: site.id });
  }, []);
  // A deleted site's edit button is gone, so focus goes on to '+ Add site' rather than nowhere.
  const addButton = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const closeEdit = useCallback((reason: 'cancel' | 'saved' | 'deleted') => {
    deleted.current = reason === 'deleted';
    setEditing(null);
  }, []);
  useEffect(() => {
    if (editing !== null || !deleted.current) return;
    deleted.current = false;
    addButton.current?.focus();
  }, [editing]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="text-base font-semibold text-ink sm:text-lg">
            Sites we'll intercept
          </h3>
          <Button ref={addButton} variant="secondary" onClick={() => openAddSite()} className="shrink-0">
            + Add site
          </Button>
        </div>
        <p className="text-sm text-muted">A breath before they open, and a daily budget of sessions.</p>
      </div>

      {sites.isPending ? (
        <SiteSkeletons />
      ) : sites.isError ? (
        <LoadError
          message="We couldn't load your sites."
          detail={sites.error.message}
          retrying={sites.isFetching}
          onRetry={() => void sites.refetch()}
        />
      ) : sites.data.length === 0 ? (
        <EmptySites onAdd={() => openAddSite()} />
      ) : (
        <>
          <SiteAccessNotice sites={sites.data} />
          <ul className="flex flex-col gap-3">
            {sites.data.map((site) => (
              <SiteCard key={site.id} site={site} onEdit={edit} />
            ))}
          </ul>
        </>
      )}

      <EditSiteModal site={editing} onClose={closeEdit} />
    </section>
  );
}

function EmptySites({ onAdd }: { onAdd(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent"
      >
        <Target aria-hidden="true" className="size-6" strokeWidth={1.8} />
      </span>
      <p className="font-semibold text-ink">No sites yet</p>
      <p className="max-w-sm text-sm text-muted">
        Add the site that pulls you in most. Each visit will start with a short pause, and you decide how many
        sessions a day it gets.
      </p>
      <Button onClick={onAdd} className="mt-1">
        Add your first site
      </Button>
    </div>
  );
}

function SiteSkeletons() {
  return (
    <div role="status" aria-label="Loading your sites" className="flex flex-col gap-3">
      {[0, 1].map((index) => (
        <div
          key={index}
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
        >
          <span className="hidden size-10 animate-pulse rounded-xl bg-line/60 motion-reduce:animate-none sm:block" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-32 animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
            <span className="h-3 w-20 animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
          </span>
        </div>
      ))}
    </div>
  );
}
