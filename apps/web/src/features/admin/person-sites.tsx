import type { AdminPerson } from '@stillpoint/core';
import { formatDateTime } from './admin-format';
import { ConsoleSection, EmptyNote } from './console-section';
import { cell, headCell, TableFrame } from './table-frame';

/** The sites the person intercepts, with today's sessions against each budget. */
export function PersonSites({ sites }: { sites: AdminPerson['sites'] }) {
  return (
    <ConsoleSection heading="Sites today">
      {sites.length === 0 ? (
        <EmptyNote>No sites added.</EmptyNote>
      ) : (
        <TableFrame label="Sites today">
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Site
              </th>
              <th scope="col" className={headCell}>
                Sessions today
              </th>
              <th scope="col" className={headCell}>
                Session running
              </th>
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site.siteOrigin}>
                <td className={`${cell} whitespace-nowrap`}>{site.siteOrigin}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {site.sessionsToday} of {site.budget}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {site.activeSessionEndsAt ? `Until ${formatDateTime(site.activeSessionEndsAt)}` : 'No'}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </ConsoleSection>
  );
}
