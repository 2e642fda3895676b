import { useInfiniteQuery } from '@tanstack/react-query';
import { AdminConsole, ConsolePage } from './admin-console';
import { auditEventsQuery } from './admin-queries';
import { AuditTable } from './audit-table';
import { PagedList } from './paged-list';

/** /admin/audit: every admin action, newest first. Nothing here can change or remove one. */
export function AuditLogPage() {
  return (
    <AdminConsole>
      <ConsolePage title="Audit log" heading="Audit log" lead="Every admin action, newest first.">
        <AuditLog />
      </ConsolePage>
    </AdminConsole>
  );
}

function AuditLog() {
  const query = useInfiniteQuery(auditEventsQuery());
  return (
    <PagedList query={query} itemsOf={(page) => page.events} noun="audit log" empty="No admin has acted yet.">
      {(events) => <AuditTable label="Audit log" events={events} showTarget />}
    </PagedList>
  );
}
