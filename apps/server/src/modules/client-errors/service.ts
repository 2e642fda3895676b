import type { Acknowledged, AdminClientError, ReportClientErrorBody } from '@stillpoint/core';
import { scrubRoute, scrubText } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type ClientErrorRow, insertReport, listReports } from './repo';

/** The browser's own description, cut where no real user agent reaches. */
const USER_AGENT_MAX_LENGTH = 500;

export interface ClientErrorsDependencies {
  db: Database;
  /** Tells the metrics of each stored report. */
  countReport: (kind: ReportClientErrorBody['kind']) => void;
  /** Passes each stored report on, scrubbed and without the person (Sentry, when configured). */
  forward?: ((report: ScrubbedClientError) => void) | undefined;
}

/** A report as stored, without the person. */
export interface ScrubbedClientError {
  kind: ReportClientErrorBody['kind'];
  message: string;
  stack: string | null;
  route: string;
  release: string;
  userAgent: string | null;
}

/**
 * Stores an error a browser reported, with the person when signed in, after removing what must not
 * be kept: queries of every address, tokens, secrets, codes, e-mail addresses and phone numbers.
 */
export async function reportClientError(
  { db, countReport, forward }: ClientErrorsDependencies,
  report: ReportClientErrorBody,
  { user, userAgent }: { user: SessionUser | null; userAgent: string | undefined },
): Promise<Acknowledged> {
  const scrubbed: ScrubbedClientError = {
    kind: report.kind,
    message: scrubText(report.message),
    stack: report.stack === undefined ? null : scrubText(report.stack),
    route: scrubRoute(report.route),
    release: scrubText(report.release),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  };
  await insertReport(db, { ...scrubbed, userId: user?.id ?? null });
  countReport(report.kind);
  forward?.(scrubbed);
  return { ok: true };
}

/** A page of the list unless asked for fewer. */
export const CLIENT_ERRORS_PAGE_SIZE = 50;

export interface ClientErrorsPage {
  reports: AdminClientError[];
  /** Pass as `before` for the next, older page; null on the last page. */
  nextBefore: string | null;
}

function adminView(row: ClientErrorRow): AdminClientError {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    message: row.message,
    stack: row.stack,
    route: row.route,
    release: row.release,
    userAgent: row.userAgent,
    uid: row.userId,
  };
}

/**
 * The reports of the last 30 days, newest first, a page at a time (the support console).
 * `before` is a page's `nextBefore`; anything else is refused with a 400.
 */
export async function listClientErrors(
  db: Database,
  {
    before,
    limit = CLIENT_ERRORS_PAGE_SIZE,
  }: { before?: string | undefined; limit?: number | undefined } = {},
): Promise<ClientErrorsPage> {
  let beforeId: number | null = null;
  if (before !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(before))
      throw new AppError('BAD_REQUEST', 'before must be a nextBefore of this list');
    beforeId = Number(before);
  }
  // One more than asked tells whether an older page exists.
  const rows = await listReports(db, { beforeId, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    reports: page.map(adminView),
    nextBefore: rows.length > limit && last ? String(last.id) : null,
  };
}
