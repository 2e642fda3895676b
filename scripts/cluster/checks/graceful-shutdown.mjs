// e. Graceful shutdown under load. Writers keep storing analytics events on one instance over
// keep-alive connections; mid-way it gets SIGTERM. Every write it acknowledged must be in the
// database, no request that had been sent may end in a reset or hang-up, later ones must be refused
// cleanly (503, or the connection refused), and the process must exit 0 within its time limit.
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { request } from '../http-client.mjs';
import { sleep } from '../processes.mjs';

const WRITERS = 8;
const LOAD_BEFORE_SIGTERM_MS = 1_500;
/** main.ts's limit for the whole shutdown. */
const SHUTDOWN_LIMIT_MS = 10_000;
const EVENT_NAME = 'cluster-shutdown';

export async function checkGracefulShutdown({ instance, db }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const acknowledged = [];
  const tally = { refusedWith503: 0, connectionRefused: 0, afterSigterm: 0, other: [] };
  let sigtermAt = null;

  const write = async () => {
    const id = randomUUID();
    const sentAt = Date.now();
    try {
      const answer = await request(`${instance.url}/api/trackAnalyticsEvent`, {
        method: 'POST',
        // A different visitor each time, so the per-address limit never refuses the load.
        headers: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
        body: { name: EVENT_NAME, properties: { writeId: id } },
        agent,
      });
      if (answer.status >= 200 && answer.status < 300) {
        acknowledged.push(id);
        if (sigtermAt && sentAt >= sigtermAt) tally.afterSigterm += 1;
      } else if (answer.status === 503) {
        tally.refusedWith503 += 1;
      } else {
        tally.other.push(`answered ${answer.status}`);
      }
      return 'open';
    } catch (error) {
      if (error.code === 'ECONNREFUSED') {
        tally.connectionRefused += 1;
        return 'refused';
      }
      tally.other.push(`${error.code ?? ''} ${error.message}`.trim());
      return 'failed';
    }
  };
  // Each writer stops once the instance refuses it (it has stopped listening), or at the time limit.
  const giveUpAt = () => (sigtermAt ?? Number.POSITIVE_INFINITY) + SHUTDOWN_LIMIT_MS + 5_000;
  const writers = Array.from({ length: WRITERS }, async () => {
    while (Date.now() < giveUpAt()) {
      if ((await write()) !== 'open' && (sigtermAt || instance.proc.exit)) return;
    }
  });

  await sleep(LOAD_BEFORE_SIGTERM_MS);
  const acknowledgedBeforeSigterm = acknowledged.length;
  sigtermAt = Date.now();
  instance.proc.child.kill('SIGTERM');
  const exit = await Promise.race([instance.proc.exited, sleep(SHUTDOWN_LIMIT_MS + 5_000).then(() => null)]);
  await Promise.all(writers);
  agent.destroy();

  if (!exit)
    throw new Error(`the instance had not exited ${(SHUTDOWN_LIMIT_MS + 5_000) / 1000} s after SIGTERM`);
  const tookMs = instance.proc.exitedAt - sigtermAt;
  const { rows } = await db.query(
    `select properties->>'writeId' as id from analytics_event where name = $1`,
    [EVENT_NAME],
  );
  const stored = new Set(rows.map((row) => row.id));
  const lost = acknowledged.filter((id) => !stored.has(id));

  const problems = [];
  if (exit.code !== 0) problems.push(`it exited with ${JSON.stringify(exit)}`);
  if (tookMs > SHUTDOWN_LIMIT_MS) problems.push(`it took ${tookMs} ms to exit`);
  if (lost.length > 0) problems.push(`${lost.length} acknowledged writes are not in the database`);
  if (tally.other.length > 0)
    problems.push(`${tally.other.length} requests failed otherwise: ${[...new Set(tally.other)].join('; ')}`);
  if (acknowledgedBeforeSigterm === 0) problems.push('no write was acknowledged before SIGTERM');
  if (tally.connectionRefused + tally.refusedWith503 === 0)
    problems.push('no request was refused after SIGTERM');
  if (problems.length > 0) throw new Error(problems.join('; '));
  return `${WRITERS} keep-alive writers, SIGTERM after ${acknowledgedBeforeSigterm} writes: ${acknowledged.length} acknowledged (${tally.afterSigterm} sent after SIGTERM on open connections), all ${acknowledged.length} in the database; 0 resets; then ${tally.refusedWith503} answered 503 and ${tally.connectionRefused} connections refused; exit 0 after ${tookMs} ms`;
}
