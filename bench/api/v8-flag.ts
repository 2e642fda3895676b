/**
 * Does `--no-allocation-site-pretenuring` still pay (decisions 039 and 046)? One build, started
 * twice on one seeded scratch PostgreSQL database, once with the option on node's command line and
 * once without, then loaded in turn, round after round (with, without, with, …), each with the same
 * fixed number of requests. Prints each run's requests per second, p50 / p99 and the server's own
 * CPU time per request, then the median of the per-round ratios "with ÷ without": pairing the
 * rounds keeps a ratio meaningful while a shared machine's speed drifts.
 *
 * The build must not set the option itself (since decision 046 it does not; an earlier build can
 * be copied and its setFlagsFromString line removed).
 *
 *   npm run build && npm run bench:v8-flag
 *   BENCH_ENTRY=apps/server/.before/dist/main.js BENCH_ROUNDS=8 BENCH_REQUESTS=30000 npm run bench:v8-flag
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { utcUserDay } from '@stillpoint/core';
import autocannon from 'autocannon';
import { withAdmin } from '../../apps/server/test/support/database';
import { SITES_PATH, seed, signIn } from './person';
import { currentBuild, type ProductServer, startProduct } from './product-server';

const FLAG = '--no-allocation-site-pretenuring';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENTRY = process.env.BENCH_ENTRY ?? currentBuild;
const SITES = Number(process.env.BENCH_SITES ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  cpuMicroseconds: number;
}

/** CPU time used so far by a process, in µs: utime + stime of /proc/<pid>/stat (ticks of 10 ms). */
function cpuTimeOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(server: ProductServer, token: string, url: string, amount: number): Promise<Run> {
  const cpuBefore = cpuTimeOf(server.pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed requests`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicroseconds: (cpuTimeOf(server.pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const name = `stillpoint_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const servers: ProductServer[] = [];
  try {
    const sides = [
      { name: 'with', nodeArgs: [FLAG] },
      { name: 'without', nodeArgs: [] },
    ];
    const targets = [];
    for (const side of sides) {
      const server = await startProduct(ENTRY, databaseUrl, { nodeArgs: side.nodeArgs });
      servers.push(server);
      const token = await signIn(server.baseURL);
      if (targets.length === 0) await seed(server.baseURL, token, SITES);
      const url = `${server.baseURL}${SITES_PATH}?userDay=${utcUserDay(new Date())}`;
      // Warm up: V8 compiles the path and settles its heap before anything is counted.
      await load(server, token, url, Math.min(REQUESTS, 5_000));
      targets.push({ ...side, server, token, url });
    }
    console.log(`${ENTRY}; ${REQUESTS} requests per run at ${CONNECTIONS} connections; ${SITES} sites`);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('| round | V8 option | req/s | p50 / p99 ms | CPU µs / request |');
    console.log('| --- | --- | --- | --- | --- |');
    const ratios = { rps: [] as number[], p99: [] as number[], cpu: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const runs = new Map<string, Run>();
      // Which side goes first alternates, so that neither always follows the other's garbage.
      for (const target of round % 2 ? targets : [...targets].reverse()) {
        const run = await load(target.server, target.token, target.url, REQUESTS);
        runs.set(target.name, run);
        console.log(
          `| ${round} | ${target.name} | ${run.rps.toFixed(0)} | ${run.p50} / ${run.p99} | ${run.cpuMicroseconds.toFixed(0)} |`,
        );
      }
      const withFlag = runs.get('with') as Run;
      const without = runs.get('without') as Run;
      ratios.rps.push(withFlag.rps / without.rps);
      ratios.p99.push(withFlag.p99 / without.p99);
      ratios.cpu.push(withFlag.cpuMicroseconds / without.cpuMicroseconds);
    }
    const spread = (values: number[]) =>
      `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)} to ${Math.max(...values).toFixed(2)})`;
    console.log(`with ÷ without, median of ${ROUNDS} rounds (min to max):`);
    console.log(
      `  req/s ${spread(ratios.rps)}; p99 ${spread(ratios.p99)}; CPU per request ${spread(ratios.cpu)}`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await withAdmin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
