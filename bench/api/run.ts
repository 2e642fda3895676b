/**
 * The API's hot path against a bare handler, side by side in one run: Stillpoint's
 * `getBrowserSitesWithActiveAndTodaysSessions` (the built server on PostgreSQL) and
 * `bare-sites-handler.ts` (node:http + pg) on the same scratch database, first checked to answer
 * the same bytes, then loaded in turn with autocannon at 10 and 50 connections. Prints requests
 * per second, p50 and p99 for both and the ratio product ÷ bare. Results: bench/README.md.
 *
 *   npm run build && npm run bench:api
 *   BENCH_SITES=500 BENCH_SECONDS=10 BENCH_ROUNDS=2 npm run bench:api
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { utcUserDay } from '@stillpoint/core';
import autocannon from 'autocannon';
import { withAdmin } from '../../apps/server/test/support/database';
import { freePort } from '../../apps/server/test/support/free-port';
import { startServer } from '../../e2e/fixtures/server';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SITES = Number(process.env.BENCH_SITES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = [10, 50];
const TEST_NUMBER = '+15555550100';
const TEST_CODE = '123456';
const PATH = '/api/getBrowserSitesWithActiveAndTodaysSessions';
const bareEntry = fileURLToPath(new URL('./bare-sites-handler.ts', import.meta.url));

async function post(baseURL: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs the test number in and gives the person SITES sites, a third of them with a session today. */
async function seed(baseURL: string, databaseUrl: string): Promise<string> {
  await post(baseURL, '/api/auth/phone-number/send-otp', { phoneNumber: TEST_NUMBER });
  const verified = await post(baseURL, '/api/auth/phone-number/verify', {
    phoneNumber: TEST_NUMBER,
    code: TEST_CODE,
  });
  const token = verified.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  const user = (await (
    await fetch(`${baseURL}/api/getUser`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { uid: string };
  };
  const now = Date.now();
  await withAdmin(databaseUrl, async (client) => {
    for (let i = 0; i < SITES; i++) {
      const host = `site-${i}.example.com`;
      const { rows } = await client.query<{ id: string }>(
        `insert into browser_site (user_id, site_origin, site_match_key, budget) values ($1, $2, $3, 5) returning id`,
        [user.data.uid, `https://${host}`, host],
      );
      if (i % 3 === 0) {
        await client.query(
          `insert into browser_site_session (id, user_id, site_id, time_started, length_in_milliseconds, user_day)
           values ($1, $2, $3, $4, $5, $6)`,
          [
            randomUUID(),
            user.data.uid,
            rows[0]?.id,
            Math.floor(now / 1000) - 60,
            20 * 60_000,
            utcUserDay(new Date(now)),
          ],
        );
      }
    }
  });
  return token;
}

function startBare(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', bareEntry], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: 'inherit',
  });
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, token: string, connections: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main(): Promise<void> {
  const name = `stillpoint_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const product = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' });
  const barePort = await freePort();
  const bare = startBare(databaseUrl, barePort);
  try {
    const token = await seed(product.baseURL, databaseUrl);
    const query = `${PATH}?userDay=${utcUserDay(new Date())}`;
    const productUrl = `${product.baseURL}${query}`;
    const bareUrl = `http://127.0.0.1:${barePort}${query}`;
    await waitFor(bareUrl);
    const bodyOf = async (url: string) =>
      (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).text();
    const productBody = await bodyOf(productUrl);
    const bareBody = await bodyOf(bareUrl);
    if (productBody !== bareBody) {
      throw new Error(
        `the bare handler's answer differs:\nproduct ${productBody.slice(0, 300)}\nbare    ${bareBody.slice(0, 300)}`,
      );
    }
    console.log(
      `same ${productBody.length} bytes from both; ${SITES} sites; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      '| connections | round | product req/s | bare req/s | product ÷ bare | product p50 / p99 ms | bare p50 / p99 ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const connections of CONNECTIONS) {
      for (let round = 1; round <= ROUNDS; round++) {
        const productLoad = await load(productUrl, token, connections);
        const bareLoad = await load(bareUrl, token, connections);
        const errors = productLoad.errors + bareLoad.errors;
        console.log(
          `| ${connections} | ${round} | ${productLoad.rps.toFixed(0)} | ${bareLoad.rps.toFixed(0)} | ${(productLoad.rps / bareLoad.rps).toFixed(2)} | ${productLoad.p50} / ${productLoad.p99} | ${bareLoad.p50} / ${bareLoad.p99} |${errors ? ` ${errors} errors` : ''}`,
        );
      }
    }
  } finally {
    bare.kill('SIGTERM');
    await product.stop();
    await withAdmin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
