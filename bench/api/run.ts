/**
 * The API's hot path against a bare handler, side by side in one run: Stillpoint's
 * `getBrowserSitesWithActiveAndTodaysSessions` (the built server) and `bare-sites-handler.ts`
 * (node:http + pg) on the same scratch PostgreSQL database, first checked to answer the same bytes,
 * then loaded in turn with autocannon at 10 and 50 connections. The product is also run on PGlite
 * (its embedded default), which has no fair bare counterpart: its figures are reported as they are.
 * With BENCH_BEFORE naming an earlier build's main.js, that build runs beside the current one, in
 * the same rounds. The bare handler also runs with named statements ("bare, prepared"), as a
 * ceiling. Prints requests per second, p50 and p99, each ÷ bare, and each server's own CPU time
 * per request, which a busy shared machine disturbs far less than the rates (on PGlite it includes
 * the database, which runs in the server's process). Results: bench/README.md.
 *
 *   npm run build && npm run bench:api
 *   BENCH_DB=postgres BENCH_SITES=500 BENCH_SECONDS=10 BENCH_ROUNDS=2 npm run bench:api
 *   mkdir -p apps/server/.before && cp -r apps/server/dist apps/server/.before/   # then change, rebuild:
 *   BENCH_BEFORE=apps/server/.before/dist/main.js npm run bench:api
 *   BENCH_PROFILE_DIR=/tmp/profiles BENCH_DB=postgres npm run bench:api   # then open the .cpuprofile
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { utcUserDay } from '@stillpoint/core';
import autocannon from 'autocannon';
import { withAdmin } from '../../apps/server/test/support/database';
import { freePort } from '../../apps/server/test/support/free-port';
import { SITES_PATH, seed, signIn } from './person';
import { currentBuild, type ProductServer, startProduct } from './product-server';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SITES = Number(process.env.BENCH_SITES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** postgres, pglite or both (the default). */
const BENCH_DB = process.env.BENCH_DB ?? 'both';
if (!['both', 'postgres', 'pglite'].includes(BENCH_DB)) {
  throw new Error(`BENCH_DB must be both, postgres or pglite, not ${BENCH_DB}`);
}
const DATABASES = BENCH_DB === 'both' ? ['postgres', 'pglite'] : [BENCH_DB];
const BEFORE = process.env.BENCH_BEFORE;
/** A directory for CPU profiles of the current build's servers and the bare handlers (node --cpu-prof), written as they stop. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const CONNECTIONS = [10, 50];
const bareEntry = fileURLToPath(new URL('./bare-sites-handler.ts', import.meta.url));

/** `prepared`: the bare handler with its queries as named statements (BARE_PREPARED). */
function startBare(databaseUrl: string, port: number, prepared: boolean): ChildProcess {
  const profile = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/bare${prepared ? '-prepared' : ''}`]
    : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', bareEntry], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BARE_PREPARED: prepared ? '1' : '',
    },
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

interface Target {
  name: string;
  database: string;
  url: string;
  token: string;
  /** The serving process, whose CPU time is read around each run. */
  pid: number;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's own CPU time (user and system) per answered request. */
  cpuMicroseconds: number;
}

// Linux counts a process's CPU time in clock ticks of 10 ms.
const TICK_MICROSECONDS = 10_000;

/** CPU time used so far by a process, in µs: utime + stime of /proc/<pid>/stat. */
function cpuTimeOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces, closed by the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MICROSECONDS;
}

async function load(target: Target, connections: number): Promise<Load> {
  const cpuBefore = cpuTimeOf(target.pid);
  const result = await autocannon({
    url: target.url,
    connections,
    duration: SECONDS,
    headers: { authorization: `Bearer ${target.token}` },
  });
  const cpu = cpuTimeOf(target.pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMicroseconds: cpu / Math.max(1, result.requests.total),
  };
}

const bodyOf = async (target: Target) =>
  (await fetch(target.url, { headers: { authorization: `Bearer ${target.token}` } })).text();

/** What an answer says, ids and times aside: sites, and sessions today and running. */
const shapeOf = (body: string) =>
  JSON.stringify(
    (
      JSON.parse(body) as {
        data: { siteOrigin: string; todaysSessions: unknown[]; activeSessions: unknown[] }[];
      }
    ).data.map((site) => [site.siteOrigin, site.todaysSessions.length, site.activeSessions.length]),
  );

async function main(): Promise<void> {
  const name = `stillpoint_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const servers: ProductServer[] = [];
  const barePort = await freePort();
  const preparedPort = await freePort();
  const bares = [startBare(databaseUrl, barePort, false), startBare(databaseUrl, preparedPort, true)];
  const query = `${SITES_PATH}?userDay=${utcUserDay(new Date())}`;
  try {
    const builds = [
      { name: 'product', entry: currentBuild },
      ...(BEFORE ? [{ name: 'before', entry: BEFORE }] : []),
    ];
    const targets: Target[] = [];
    let bareTarget: Target | null = null;
    // The bare handler reads PostgreSQL only, as the person a product server signed in there.
    const bareReading = (token: string): Target => ({
      name: 'bare',
      database: 'postgres',
      url: `http://127.0.0.1:${barePort}${query}`,
      token,
      pid: bares[0]?.pid ?? 0,
    });
    for (const database of DATABASES) {
      let seeded = false;
      for (const build of builds) {
        const profile =
          PROFILE_DIR && build.entry === currentBuild ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
        const server = await startProduct(build.entry, database === 'postgres' ? databaseUrl : null, {
          nodeArgs: profile,
        });
        servers.push(server);
        const token = await signIn(server.baseURL);
        // On PostgreSQL every build reads the one seeded database; each PGlite has its own.
        if (database === 'pglite' || !seeded) await seed(server.baseURL, token, SITES);
        seeded = true;
        targets.push({
          name: build.name,
          database,
          url: `${server.baseURL}${query}`,
          token,
          pid: server.pid,
        });
        if (database === 'postgres' && !bareTarget) {
          bareTarget = bareReading(token);
        }
      }
    }
    if (!bareTarget) {
      // PGlite alone: the bare handler still needs a PostgreSQL person to read.
      const server = await startProduct(currentBuild, databaseUrl);
      servers.push(server);
      const token = await signIn(server.baseURL);
      await seed(server.baseURL, token, SITES);
      bareTarget = bareReading(token);
    }
    // Beside the baseline, the same handler as PostgreSQL's named statements (as the product's are):
    // how far a handler with nothing but the queries can go.
    targets.push({
      ...bareTarget,
      name: 'bare, prepared',
      url: `http://127.0.0.1:${preparedPort}${query}`,
      pid: bares[1]?.pid ?? 0,
    });
    await waitFor(bareTarget.url);
    const bareBody = await bodyOf(bareTarget);
    for (const target of targets) {
      const body = await bodyOf(target);
      // On PostgreSQL the same rows: the same bytes. On PGlite other ids: the same sites and sessions.
      const same = target.database === 'postgres' ? body === bareBody : shapeOf(body) === shapeOf(bareBody);
      if (!same) {
        throw new Error(
          `${target.name} on ${target.database} answers otherwise than the bare handler:\n${body.slice(0, 300)}\nbare ${bareBody.slice(0, 300)}`,
        );
      }
    }
    console.log(
      `same ${bareBody.length} bytes from the product on PostgreSQL and the bare handler; ${SITES} sites; ${SECONDS} s per run; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      '| connections | round | server | database | req/s | ÷ bare | p50 / p99 ms | CPU µs / request |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const connections of CONNECTIONS) {
      for (let round = 1; round <= ROUNDS; round++) {
        const bareLoad = await load(bareTarget, connections);
        const row = (target: Target, result: Load, ratio: string) =>
          console.log(
            `| ${connections} | ${round} | ${target.name} | ${target.database} | ${result.rps.toFixed(0)} | ${ratio} | ${result.p50} / ${result.p99} | ${result.cpuMicroseconds.toFixed(0)} |${result.errors ? ` ${result.errors} errors` : ''}`,
          );
        row(bareTarget, bareLoad, '1.00');
        for (const target of targets) {
          const result = await load(target, connections);
          // Only PostgreSQL against PostgreSQL is a fair ratio.
          row(target, result, target.database === 'postgres' ? (result.rps / bareLoad.rps).toFixed(2) : '–');
        }
      }
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const bare of bares) bare.kill('SIGTERM');
    for (const server of servers) await server.stop();
    await withAdmin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
