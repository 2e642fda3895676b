// e. Graceful shutdown under load, as the deployment sees it. Two loads run while one instance gets
// SIGTERM: writers on keep-alive connections straight to it, and writers through nginx that open a
// new connection for every request. The instance must answer readyz 503 at once and keep serving for
// SHUTDOWN_DELAY_MS, then stop listening: nginx's next connection to it is refused, and nginx sends
// that request to the other instance. Not one request through nginx may fail, every acknowledged
// write must be in the database, no request sent straight to the instance may end in a reset (later
// ones are refused cleanly: 503, or the connection refused), and the process must exit 0 in time.
// Each step waits for what the previous one should cause (answers, the instance's log lines), never
// for a length of time; the time limits only stop a check that would otherwise hang.
import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { loopbackVisitor, request, upstreamOf } from '../http-client.mjs';
import { SHUTDOWN_DELAY_MS, whenLogged } from '../instances.mjs';

const DIRECT_WRITERS = 8;
const PROXY_WRITERS = 8;
/** Answers wanted from each instance before SIGTERM, and from the other one once the first stopped listening. */
const ANSWERS_WANTED = 20;
/** main.ts's limit for draining and closing, after the delay. */
const SHUTDOWN_LIMIT_MS = 10_000;
const EVENT_NAME = 'cluster-shutdown';

/** `promise`, or an error naming `what` once `ms` have passed without it. */
function within(promise, ms, what) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Conditions on the answers so far, each checked again after every answer. */
function answerWatch() {
  const waiting = new Set();
  return {
    until(condition) {
      if (condition()) return Promise.resolve();
      return new Promise((resolve) => waiting.add({ condition, resolve }));
    },
    answered() {
      for (const waiter of [...waiting]) {
        if (!waiter.condition()) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
    },
  };
}

export async function checkGracefulShutdown({ instance, other, proxyUrl, db }) {
  const watch = answerWatch();
  /** Where the shutdown is, as the instance logs it: before SIGTERM, in the delay, not listening. */
  let phase = 'before';
  let sigtermAt = null;
  let stopping = false;

  // Straight to the instance, on keep-alive connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: DIRECT_WRITERS });
  const direct = { acknowledged: [], refusedWith503: 0, connectionRefused: 0, afterSigterm: 0, other: [] };
  const writeDirectly = async () => {
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
        direct.acknowledged.push(id);
        if (sigtermAt && sentAt >= sigtermAt) direct.afterSigterm += 1;
      } else if (answer.status === 503) {
        direct.refusedWith503 += 1;
      } else {
        direct.other.push(`answered ${answer.status}`);
      }
      return 'open';
    } catch (error) {
      if (error.code === 'ECONNREFUSED') {
        direct.connectionRefused += 1;
        return 'refused';
      }
      direct.other.push(`${error.code ?? ''} ${error.message}`.trim());
      return 'failed';
    } finally {
      watch.answered();
    }
  };

  // Through nginx, a new connection (and a new visitor address) for every request.
  const proxy = { acknowledged: [], sent: 0, failed: [], retried: 0, answeredBy: new Map() };
  const answeredBy = (name, when) => proxy.answeredBy.get(`${name} ${when}`) ?? 0;
  const writeThroughProxy = async () => {
    const id = randomUUID();
    proxy.sent += 1;
    try {
      const answer = await request(`${proxyUrl}/api/trackAnalyticsEvent`, {
        method: 'POST',
        body: { name: EVENT_NAME, properties: { writeId: id } },
        localAddress: loopbackVisitor(),
        agent: false,
      });
      // "a:1, b:2" when nginx tried a first and b answered.
      const tried = upstreamOf(answer).split(/,\s*/);
      const by = tried.at(-1) === instance.address ? instance.name : other.name;
      if (tried.length > 1) proxy.retried += 1;
      if (answer.status >= 200 && answer.status < 300) {
        proxy.acknowledged.push(id);
        const key = `${by} ${phase}`;
        proxy.answeredBy.set(key, (proxy.answeredBy.get(key) ?? 0) + 1);
      } else {
        proxy.failed.push(`answered ${answer.status} by ${upstreamOf(answer) || 'nginx'}`);
      }
    } catch (error) {
      proxy.failed.push(`${error.code ?? ''} ${error.message}`.trim());
    } finally {
      watch.answered();
    }
  };

  // A direct writer stops once the instance refuses it (it has stopped listening), or at the limit.
  const giveUpAt = () =>
    (sigtermAt ?? Number.POSITIVE_INFINITY) + SHUTDOWN_DELAY_MS + SHUTDOWN_LIMIT_MS + 5_000;
  const directWriters = Array.from({ length: DIRECT_WRITERS }, async () => {
    while (!stopping && Date.now() < giveUpAt()) {
      if ((await writeDirectly()) !== 'open' && (sigtermAt || instance.proc.exit)) return;
    }
  });
  const proxyWriters = Array.from({ length: PROXY_WRITERS }, async () => {
    while (!stopping) await writeThroughProxy();
  });

  let exit = null;
  let readiness = null;
  let notReady = null;
  let stoppedListening = null;
  let acknowledgedBeforeSigterm = 0;
  try {
    await within(
      watch.until(
        () =>
          direct.acknowledged.length >= ANSWERS_WANTED &&
          answeredBy(instance.name, 'before') >= ANSWERS_WANTED &&
          answeredBy(other.name, 'before') >= ANSWERS_WANTED,
      ),
      15_000,
      `${ANSWERS_WANTED} answers to each load from each instance`,
    );
    acknowledgedBeforeSigterm = direct.acknowledged.length;
    const notReadyLogged = whenLogged(instance, 'shutting down: not ready');
    const stoppedListeningLogged = whenLogged(instance, 'shutting down: stopped listening');
    sigtermAt = Date.now();
    instance.proc.child.kill('SIGTERM');

    notReady = await within(notReadyLogged, 5_000, `${instance.name} to log that it is not ready`);
    if (!notReady) throw new Error(`${instance.name} exited without logging that it was not ready`);
    phase = 'delay';
    // Asked at once, straight: the leaving instance is unready, the other one ready.
    readiness = await Promise.all(
      [instance, other].map((target) =>
        request(`${target.url}/api/readyz`, { agent: false }).then(
          (answer) => answer.status,
          (error) => error.code ?? error.message,
        ),
      ),
    );

    stoppedListening = await within(
      stoppedListeningLogged,
      SHUTDOWN_DELAY_MS + 5_000,
      `${instance.name} to stop listening`,
    );
    if (!stoppedListening)
      throw new Error(`${instance.name} exited without logging that it stopped listening`);
    phase = 'closed';
    await within(
      watch.until(() => answeredBy(other.name, 'closed') >= ANSWERS_WANTED),
      10_000,
      `${ANSWERS_WANTED} answers through nginx from ${other.name} after ${instance.name} stopped listening`,
    );
    exit = await within(
      instance.proc.exited,
      SHUTDOWN_LIMIT_MS + 5_000,
      `${instance.name} to exit after it stopped listening`,
    );
  } finally {
    stopping = true;
    await Promise.all([...directWriters, ...proxyWriters]);
    agent.destroy();
  }

  const tookMs = instance.proc.exitedAt - sigtermAt;
  const delayMs = stoppedListening.time - notReady.time;
  const { rows } = await db.query(
    `select properties->>'writeId' as id from analytics_event where name = $1`,
    [EVENT_NAME],
  );
  const stored = new Set(rows.map((row) => row.id));
  const acknowledged = [...direct.acknowledged, ...proxy.acknowledged];
  const lost = acknowledged.filter((id) => !stored.has(id));
  const servedInDelay = answeredBy(instance.name, 'delay');

  const problems = [];
  if (exit.code !== 0) problems.push(`it exited with ${JSON.stringify(exit)}`);
  if (tookMs > SHUTDOWN_DELAY_MS + SHUTDOWN_LIMIT_MS) problems.push(`it took ${tookMs} ms to exit`);
  if (readiness[0] !== 503)
    problems.push(`${instance.name}'s readyz answered ${readiness[0]} once it was shutting down, not 503`);
  if (readiness[1] !== 200) problems.push(`${other.name}'s readyz answered ${readiness[1]}, not 200`);
  if (delayMs < SHUTDOWN_DELAY_MS)
    problems.push(`it stopped listening ${delayMs} ms after it was no longer ready`);
  if (servedInDelay === 0) problems.push('nginx sent it nothing it answered while it was not ready');
  if (proxy.failed.length > 0)
    problems.push(
      `${proxy.failed.length} of ${proxy.sent} requests through nginx failed: ${[...new Set(proxy.failed)].join('; ')}`,
    );
  if (lost.length > 0) problems.push(`${lost.length} acknowledged writes are not in the database`);
  if (direct.other.length > 0)
    problems.push(
      `${direct.other.length} requests straight to it failed otherwise: ${[...new Set(direct.other)].join('; ')}`,
    );
  if (acknowledgedBeforeSigterm === 0) problems.push('no write was acknowledged before SIGTERM');
  if (direct.connectionRefused + direct.refusedWith503 === 0)
    problems.push('no request straight to it was refused after SIGTERM');
  if (problems.length > 0) throw new Error(problems.join('; '));
  const requests = (count) => `${count} ${count === 1 ? 'request' : 'requests'}`;
  return (
    `${DIRECT_WRITERS} keep-alive writers straight to ${instance.name}, ${PROXY_WRITERS} through nginx with a new ` +
    `connection a request; after SIGTERM its readyz answered 503 at once (${other.name}'s 200), and it stopped ` +
    `listening ${delayMs} ms later, having served ${requests(servedInDelay)} through nginx meanwhile; nginx then ` +
    `sent ${requests(proxy.retried)} it refused on to ${other.name}; 0 of ${proxy.sent} requests through nginx ` +
    `failed; ${direct.afterSigterm} writes sent straight to it after SIGTERM acknowledged; all ` +
    `${acknowledged.length} acknowledged writes in the database; 0 resets; straight to it ` +
    `${direct.refusedWith503} answered 503 and ${direct.connectionRefused} connections refused; exit 0 after ${tookMs} ms`
  );
}
