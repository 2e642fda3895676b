// d. Background work is done exactly once. Analytics events are stored through the proxy while the
// collector refuses them, so every first attempt fails and the rows wait for the retry job, which
// runs every second on both instances. Then the collector accepts: each event must arrive exactly
// once, though both instances' jobs look for due rows all the time.
import { randomUUID } from 'node:crypto';
import { loopbackVisitor, request } from '../http-client.mjs';
import { logRecords } from '../instances.mjs';
import { sleep, waitUntil } from '../processes.mjs';

const EVENTS = 20;
const EVENT_NAME = 'cluster-forwarding';
/** A row is retried once stored for 60 s and 30 s after its failure (docs/forwarding.md). */
const RETRY_WAIT_MS = 120_000;

/** Stores the events and waits for every first attempt to have failed; `finish` does the rest. */
export async function startForwardingCheck({ proxyUrl, db, receiver }) {
  const visitor = loopbackVisitor();
  const ids = Array.from({ length: EVENTS }, () => randomUUID());
  // Spread over two seconds, so the rows come due one after another, not all in one job run.
  for (const id of ids) {
    const stored = await request(`${proxyUrl}/api/trackAnalyticsEvent`, {
      method: 'POST',
      body: { name: EVENT_NAME, properties: { clusterEventId: id } },
      localAddress: visitor,
    });
    if (stored.status !== 200)
      throw new Error(`trackAnalyticsEvent answered ${stored.status}: ${stored.text}`);
    await sleep(100);
  }
  const rowsOf = async () =>
    (
      await db.query(
        `select properties->>'clusterEventId' as id, forward_attempts, forwarded_at from analytics_event where name = $1`,
        [EVENT_NAME],
      )
    ).rows;
  await waitUntil(
    async () => {
      const rows = await rowsOf();
      return rows.length === EVENTS && rows.every((row) => row.forward_attempts === 1 && !row.forwarded_at);
    },
    'every first attempt to fail',
    { timeoutMs: 15_000 },
  );
  receiver.accept();
  const storedAt = Date.now();

  return {
    async finish(instances) {
      const forwarded = await waitUntil(
        async () => {
          const rows = await rowsOf();
          return rows.every((row) => row.forwarded_at) ? rows : null;
        },
        'the retry job to forward every event',
        { timeoutMs: RETRY_WAIT_MS, intervalMs: 500 },
      );
      // A few more runs of the job on both instances: nothing may be sent again.
      await sleep(3_000);
      const received = receiver.deliveries.filter(
        (delivery) => delivery.accepted && ids.includes(delivery.id),
      );
      const timesReceived = new Map(ids.map((id) => [id, 0]));
      for (const delivery of received)
        timesReceived.set(delivery.id, (timesReceived.get(delivery.id) ?? 0) + 1);
      const wrong = [...timesReceived].filter(([, times]) => times !== 1);
      if (wrong.length > 0) {
        throw new Error(
          `events not received exactly once: ${wrong.map(([id, n]) => `${id}×${n}`).join(', ')}`,
        );
      }
      const retried = forwarded.filter((row) => row.forward_attempts !== 2);
      if (retried.length > 0) throw new Error(`${retried.length} rows took other than one retry`);

      const sentBy = [];
      let sentInAll = 0;
      for (const instance of instances) {
        const ready = await request(`${instance.url}/api/readyz`);
        const lastRunAt = ready.json?.data?.forwarding?.analytics?.lastRunAt;
        if (!lastRunAt) throw new Error(`the retry job has not run on ${instance.name}`);
        const sent = logRecords(instance, 'forwarding retry: analytics').reduce(
          (total, record) => total + (record.forwarded ?? 0),
          0,
        );
        sentBy.push(`${instance.name} ${sent}`);
        sentInAll += sent;
      }
      if (sentInAll !== EVENTS)
        throw new Error(`the instances' jobs report ${sentInAll} forwards of ${EVENTS} events`);
      const waited = ((Date.now() - storedAt) / 1000).toFixed(0);
      return `${EVENTS} events, every first attempt refused; the retry job (running on both instances) delivered each exactly once (sent by ${sentBy.join(', ')}; ${waited} s), every row forwarded after exactly 2 attempts`;
    },
  };
}
