import { type CustomSite, siteHost } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { fetchSitesNeedingAccess, openSiteAccess } from '../extension/actions';
import { queryKeys } from '../queryKeys';

/**
 * Which of the person's sites the extension on this browser has not been granted access to
 * (decision 045). Asked again whenever the page regains focus: access is granted in the
 * extension's own tab, and the person comes back here afterwards.
 */
function useSitesNeedingAccess(sites: readonly CustomSite[]) {
  const origins = sites.filter((site) => site.active).map((site) => site.siteOrigin);
  const query = useQuery({
    queryKey: queryKeys.extensionSiteAccess(origins),
    queryFn: () => (origins.length === 0 ? [] : fetchSitesNeedingAccess(origins)),
    staleTime: 0,
  });
  const { refetch } = query;
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [refetch]);
  return query;
}

/**
 * The sites Stillpoint cannot pause before on this browser yet, and a button that opens the
 * extension's page where one click asks Chrome for all of them. Nothing shows without an
 * extension, or once every site has access. Home's sites list and onboarding's last step show it.
 */
export function SiteAccessNotice({ sites }: { sites: readonly CustomSite[] }) {
  const needsAccess = useSitesNeedingAccess(sites);
  const [opening, setOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  const lacking = needsAccess.data ?? [];
  if (lacking.length === 0) return null;

  const open = async () => {
    setOpening(true);
    setFailed(!(await openSiteAccess()));
    setOpening(false);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-2xl border border-line bg-accent-soft/40 p-4 sm:p-5"
    >
      <p id={headingId} className="font-semibold text-ink">
        Needs access on this browser
      </p>
      <p className="text-sm text-muted">
        The extension can pause before a site only once this browser allows it. Until then, these open without
        a pause:
      </p>
      <ul aria-label="Sites that need access" className="flex flex-wrap gap-2">
        {lacking.map((origin) => (
          <li
            key={origin}
            className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink [overflow-wrap:anywhere]"
          >
            {siteHost(origin)}
          </li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" loading={opening} onClick={() => void open()}>
          Grant access
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-ink">
          The extension did not answer. Open it from Chrome's toolbar and choose "Grant access" there.
        </p>
      ) : null}
    </section>
  );
}
