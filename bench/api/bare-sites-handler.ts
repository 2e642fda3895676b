/**
 * The baseline of `npm run bench:api`: the hot-path call `getBrowserSitesWithActiveAndTodaysSessions`
 * on plain `node:http` and `pg`, with no framework, no validation library and no auth library,
 * answering byte for byte what Stillpoint answers (bench/api/run.ts checks). One session lookup and
 * two queries, the least the answer needs. With BARE_PREPARED=1 the queries are named statements,
 * which PostgreSQL parses and plans once per connection: a ceiling beside the baseline.
 *
 *   DATABASE_URL=postgres://… PORT=4000 tsx bench/api/bare-sites-handler.ts
 */
import { createServer } from 'node:http';
import { earliestActiveSessionStart, isSessionActive } from '@stillpoint/core';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PREPARED = process.env.BARE_PREPARED === '1';

/** A query, as a named statement when BARE_PREPARED is set. */
const query = <Row extends Record<string, unknown>>(name: string, text: string, values: unknown[]) =>
  PREPARED ? pool.query<Row>({ name, text, values }) : pool.query<Row>(text, values);

interface SessionRow {
  id: string;
  siteId: string;
  timeStarted: number;
  lengthInMilliseconds: number;
  userDay: number;
}

const PATH = '/api/getBrowserSitesWithActiveAndTodaysSessions';

async function userIdOf(authorization: string | undefined): Promise<string | null> {
  const bearer = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!bearer) return null;
  // The bearer is the session token, signed after a dot (Better Auth's bearer plugin).
  const token = bearer.split('.')[0] ?? '';
  const { rows } = await query<{ user_id: string }>(
    'session',
    'select user_id from session where token = $1 and expires_at > now()',
    [token],
  );
  return rows[0]?.user_id ?? null;
}

async function sitesWithSessions(userId: string, userDay: number, nowMs: number): Promise<string> {
  const [sites, sessions] = await Promise.all([
    query<{ id: string; site_origin: string; budget: number; active: boolean }>(
      'sites',
      `select id, site_origin, budget, active from browser_site
       where user_id = $1 and archived_at is null order by created_at, id`,
      [userId],
    ),
    query<{
      id: string;
      site_id: string;
      time_started: string;
      length_in_milliseconds: number;
      user_day: number;
    }>(
      'sessions',
      `select id, site_id, time_started, length_in_milliseconds, user_day from browser_site_session
       where user_id = $1 and (user_day = $2 or time_started > $3) order by time_started, created_at`,
      [userId, userDay, earliestActiveSessionStart(nowMs)],
    ),
  ]);
  const bySite = new Map<string, SessionRow[]>();
  for (const row of sessions.rows) {
    const session: SessionRow = {
      id: row.id,
      siteId: row.site_id,
      timeStarted: Number(row.time_started),
      lengthInMilliseconds: row.length_in_milliseconds,
      userDay: row.user_day,
    };
    const list = bySite.get(session.siteId) ?? [];
    list.push(session);
    bySite.set(session.siteId, list);
  }
  const data = sites.rows.map((site) => {
    const ofSite = bySite.get(site.id) ?? [];
    return {
      id: site.id,
      siteOrigin: site.site_origin,
      budget: site.budget,
      active: site.active,
      dailyBudget: site.budget,
      todaysSessions: ofSite.filter((session) => session.userDay === userDay),
      activeSessions: ofSite.filter((session) => isSessionActive(session, nowMs)),
    };
  });
  return JSON.stringify({ success: true, data });
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bench');
  const send = (status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  };
  if (url.pathname !== PATH) return send(404, '{"success":false}');
  const userDay = Number(url.searchParams.get('userDay'));
  userIdOf(request.headers.authorization)
    .then((userId) =>
      userId
        ? sitesWithSessions(userId, userDay, Date.now()).then((body) => send(200, body))
        : send(401, '{}'),
    )
    .catch((error: unknown) => send(500, JSON.stringify({ error: String(error) })));
});

server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
