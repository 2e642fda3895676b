#!/usr/bin/env node
// `npm run test:cluster`: the deployment of compose.yaml, proved on this machine without containers.
// PostgreSQL and Redis, two server instances started together on an empty database, and nginx in
// front with the deployment's proxy configuration; then, through the proxy, the checks that several
// instances behave as one (docs/operations.md, "Scale out"). Everything it starts is stopped and
// its scratch database dropped at the end, also on Ctrl-C.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startAnalyticsReceiver } from './analytics-receiver.mjs';
import { startForwardingCheck } from './checks/forwarding.mjs';
import { checkGracefulShutdown } from './checks/graceful-shutdown.mjs';
import { checkMigratedOnce } from './checks/migrations.mjs';
import { checkWebhookFulfilsOnce } from './checks/payment-webhook.mjs';
import { checkSharedRateLimit } from './checks/shared-rate-limit.mjs';
import { checkSignInServedByBoth } from './checks/sign-in.mjs';
import { logTail, startInstances } from './instances.mjs';
import { ensureNginx, startProxy } from './nginx.mjs';
import { DEFAULT_DATABASE_URL, prepareDatabase } from './postgres.mjs';
import { freePort, runCommand, stopAllProcesses } from './processes.mjs';
import { DEFAULT_REDIS_URL, prepareRedis } from './redis.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const startedAt = Date.now();
const say = (line) => console.log(line);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Undo steps, run last first: processes stop before the database they use is dropped. */
const cleanups = [];
let cleaning = null;
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaning;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    say(`\n${signal}: stopping everything the cluster test started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const results = [];
async function check(name, run) {
  const started = Date.now();
  try {
    const detail = await run();
    results.push({ name, ok: true });
    say(`PASS  ${name}\n      ${detail} (${seconds(Date.now() - started)})`);
  } catch (error) {
    results.push({ name, ok: false });
    say(`FAIL  ${name}\n      ${error.message} (${seconds(Date.now() - started)})`);
  }
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'stillpoint-cluster-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));

  if (
    !existsSync(path.join(root, 'apps/server/dist/main.js')) ||
    !existsSync(path.join(root, 'apps/web/dist'))
  ) {
    say('building the web app and the server (npm run build)');
    await runCommand('npm', ['run', 'build'], { cwd: root, quiet: false });
  }
  const nginx = await ensureNginx(say);
  const database = await prepareDatabase(process.env.CLUSTER_DATABASE_URL || DEFAULT_DATABASE_URL, tmp, say);
  cleanups.push(() => database.close());
  const redis = await prepareRedis(process.env.CLUSTER_REDIS_URL || DEFAULT_REDIS_URL, tmp, say);
  cleanups.push(() => redis.close());
  const receiver = await startAnalyticsReceiver();
  cleanups.push(() => receiver.close());
  const db = new pg.Pool({ connectionString: database.databaseUrl, max: 4 });
  cleanups.push(() => db.end());
  cleanups.push(() => stopAllProcesses());

  const proxyUrl = `http://127.0.0.1:${await freePort()}`;
  const instances = await startInstances({
    root,
    tmp,
    databaseUrl: database.databaseUrl,
    redisUrl: redis.redisUrl,
    publicUrl: proxyUrl,
    analyticsUrl: receiver.url,
  });
  const proxy = await startProxy({
    nginx,
    root,
    tmp,
    port: Number(new URL(proxyUrl).port),
    upstreams: instances.map((instance) => instance.address),
  });
  say(
    `cluster up in ${seconds(Date.now() - startedAt)}: PostgreSQL ${database.where}, Redis ${redis.where}, ` +
      `${instances.map((instance) => `${instance.name} ${instance.address}`).join(', ')}, nginx ${proxy.url}\n`,
  );

  const context = { root, db, instances, proxyUrl, receiver };
  await check('two instances starting together on an empty database migrate it once', () =>
    checkMigratedOnce(context),
  );
  // Its retries come due a minute after the events are stored, so it starts first and ends later.
  const forwarding = await startForwardingCheck(context).catch((error) => ({
    finish: () => Promise.reject(error),
  }));
  await check('a. a person signs in on one instance and is served by the other', () =>
    checkSignInServedByBoth(context),
  );
  await check('b. the rate limit is shared by the instances', () => checkSharedRateLimit(context));
  await check('c. a payment webhook delivered to both instances at once fulfils once', () =>
    checkWebhookFulfilsOnce(context),
  );
  await check('d. analytics forwarding is done exactly once', () => forwarding.finish(instances));
  await check(
    'e. SIGTERM under load: unready at once, no request through nginx fails, none acknowledged is lost, no connection is reset',
    () => checkGracefulShutdown({ instance: instances[1], other: instances[0], proxyUrl, db }),
  );

  if (results.some((result) => !result.ok)) {
    for (const instance of instances) say(logTail(instance));
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  say(`FAIL  setting up the cluster\n      ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
failed ||= results.some((result) => !result.ok);
const passed = results.filter((result) => result.ok).length;
say(
  `\n${failed ? 'FAILED' : 'PASSED'}: ${passed} of ${results.length} checks passed in ${seconds(Date.now() - startedAt)}`,
);
process.exit(failed ? 1 : 0);
