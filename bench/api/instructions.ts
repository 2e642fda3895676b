/**
 * Instructions per request of the API's hot path, counted by valgrind's callgrind: a figure a busy
 * shared machine does not disturb, for comparing builds whose difference is a few percent, which
 * the rates of `bench:api` cannot resolve here. Each build runs on the same scratch PostgreSQL
 * database under callgrind with counting off; after BENCH_REQUESTS warm-up requests (so that V8
 * has compiled the path) counting is switched on for BENCH_REQUESTS more, at BENCH_CONNECTIONS
 * connections (10 by default). The count includes what V8 does meanwhile (garbage collection,
 * compilation): one build usually varies by 1 to 3%, and now and then a run counts far fewer, so
 * BENCH_ROUNDS runs every build in turn, round after round, and the median is what to read.
 *
 *   npm run build && npm run bench:api:instructions
 *   BENCH_BEFORE=apps/server/.before/dist/main.js BENCH_ROUNDS=2 npm run bench:api:instructions
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utcUserDay } from '@stillpoint/core';
import autocannon from 'autocannon';
import { withAdmin } from '../../apps/server/test/support/database';
import { SITES_PATH, seed, signIn } from './person';
import { currentBuild, startProduct } from './product-server';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SITES = Number(process.env.BENCH_SITES ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const BEFORE = process.env.BENCH_BEFORE;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// valgrind's gdbserver names its pipes after the user and the host; the server's HOST is its
// address, so callgrind_control must be told the same one.
const SERVER_HOST = '127.0.0.1';
const namedEnv = { ...process.env, USER: process.env.USER ?? 'root', LOGNAME: process.env.LOGNAME ?? 'root' };

async function requests(url: string, token: string, amount: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    // Under callgrind a cold server's first answers take many seconds.
    timeout: 300,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx + result.errors} failed`);
  return result.requests.total;
}

function counting(pid: number, on: boolean): void {
  execFileSync('callgrind_control', ['--instr', on ? 'on' : 'off', String(pid)], {
    env: { ...namedEnv, HOST: SERVER_HOST },
    stdio: 'ignore',
  });
}

/** Instructions counted in a callgrind output file (its `totals:` line). */
function countedInstructions(file: string): number {
  const totals = readFileSync(file, 'utf8').match(/^totals: (\d+)/m);
  if (!totals?.[1]) throw new Error(`${file} holds no totals`);
  return Number(totals[1]);
}

async function measure(entry: string, databaseUrl: string, token: string): Promise<number> {
  const output = path.join(tmpdir(), `stillpoint-callgrind-${randomBytes(4).toString('hex')}.out`);
  const server = await startProduct(entry, databaseUrl, {
    // Under callgrind the server is many times slower: its overload guard would refuse the load.
    env: { ...namedEnv, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_HEAP_USED_MB: '0' },
    runner: [
      'valgrind',
      '--tool=callgrind',
      // V8 writes the code it compiles into memory it then runs.
      '--smc-check=all-non-file',
      '--instr-atstart=no',
      `--callgrind-out-file=${output}`,
    ],
  });
  const url = `${server.baseURL}${SITES_PATH}?userDay=${utcUserDay(new Date())}`;
  let answered = 0;
  try {
    await requests(url, token, REQUESTS);
    counting(server.pid, true);
    answered = await requests(url, token, REQUESTS);
    counting(server.pid, false);
  } finally {
    // callgrind writes its counts as the process exits.
    await server.stop();
  }
  try {
    return countedInstructions(output) / answered;
  } finally {
    rmSync(output, { force: true });
  }
}

async function main(): Promise<void> {
  const name = `stillpoint_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  try {
    // The person is made once, by the current build run as usual; every build then reads them.
    const seeding = await startProduct(currentBuild, databaseUrl);
    const token = await signIn(seeding.baseURL);
    await seed(seeding.baseURL, token, SITES);
    await seeding.stop();

    const builds = [
      { name: 'product', entry: currentBuild },
      ...(BEFORE ? [{ name: 'before', entry: BEFORE }] : []),
    ];
    console.log(`${SITES} sites; ${REQUESTS} requests counted per run, after as many to warm up`);
    console.log('| round | build | instructions per request |');
    console.log('| --- | --- | --- |');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const build of builds) {
        const perRequest = await measure(build.entry, databaseUrl, token);
        console.log(`| ${round} | ${build.name} | ${(perRequest / 1000).toFixed(0)} k |`);
      }
    }
  } finally {
    await withAdmin(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
