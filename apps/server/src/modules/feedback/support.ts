import type { AdminFeedbackItem } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { UNINSTALL_LOCATION_PREFIX } from './message';
import { type FeedbackRow, findFeedback, listFeedback } from './repo';

// Feedback and uninstall answers as the support console (modules/admin) reads them.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toItem = (row: FeedbackRow): AdminFeedbackItem => {
  const uninstall = row.location.startsWith(UNINSTALL_LOCATION_PREFIX);
  return {
    id: row.id,
    kind: uninstall ? 'uninstall' : 'feedback',
    createdAt: row.createdAt.toISOString(),
    content: row.content === '' ? null : row.content,
    location: uninstall ? null : row.location,
    reason: uninstall ? row.location.slice(UNINSTALL_LOCATION_PREFIX.length) : null,
    uid: row.userId,
    email: row.email ?? row.trialEmail,
    phoneNumber: row.phoneNumber,
    extensionVersion: row.extensionVersion,
  };
};

/** Newest first, of one kind or both, containing `words` when given; `before` is a previous page's cursor. */
export async function feedbackPage(
  db: Database,
  query: {
    kind?: 'feedback' | 'uninstall' | undefined;
    q?: string | undefined;
    before?: string | undefined;
    limit: number;
  },
): Promise<{ items: AdminFeedbackItem[]; nextBefore: string | null }> {
  let before: FeedbackRow | undefined;
  if (query.before !== undefined) {
    const row = UUID.test(query.before) ? await findFeedback(db, query.before) : null;
    if (!row) throw new AppError('BAD_REQUEST', 'before must be the nextBefore of an earlier page');
    before = row;
  }
  const rows = await listFeedback(db, {
    ...(query.kind
      ? { locationPrefix: { prefix: UNINSTALL_LOCATION_PREFIX, exclude: query.kind === 'feedback' } }
      : {}),
    ...(query.q ? { words: query.q } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toItem),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
