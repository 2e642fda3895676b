/**
 * How long the built server takes to become healthy, and how much memory it holds, on the embedded
 * database (PGlite) with a fresh data directory and with one it has used before, and on PostgreSQL
 * for comparison. Builds nothing: it starts `apps/server/dist/main.js` as `npm start` does, on a
 * free port with a temporary DATA_DIR, several times, the kinds interleaved so the machine's load
 * hits them alike. Exits non-zero when a median is over its goal. Method and results:
 * bench/README.md, "Embedded database: startup".
 *
 *   npm run build && npm run bench:startup
 *   STARTUP_RUNS=9 npm run bench:startup
 *   npm run bench:startup -- --save-baseline bench/.results/startup-before   # keep this build aside
 *   STARTUP_BASELINE=bench/.results/startup-before npm run bench:startup     # and run it side by side
 *   BENCH_DATABASE_URL=none npm run bench:startup                            # no PostgreSQL
 *
 * `--save-baseline <dir>` copies the current build there, laid out as this repository is (its
 * packages still load from this checkout's node_modules), and exits. STARTUP_BASELINE names such a
 * directory: that build runs as extra kinds, e.g. the build before a change against the one after. BENCH_DATABASE_URL is a PostgreSQL server on which
 * a scratch database is created and dropped (default postgres://postgres@127.0.0.1:5432; skipped
 * with a note when it does not answer). Goals: STARTUP_GOAL_FRESH_MS (3000),
 * STARTUP_GOAL_EXISTING_MS (2000), STARTUP_GOAL_RSS_MB (300, the settled RSS of both PGlite kinds);
 * STARTUP_CHECK_GOALS=0 only reports. STARTUP_SETTLE_MS (5000): how long after healthy RSS is read
 * again; STARTUP_TIMEOUT_MS (300000): how long one start may take on a very busy machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../apps/server/test/support/free-port';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
/** "A few seconds later": what the server still holds once startup's garbage could be collected. */
const SETTLE_MS = Number(process.env.STARTUP_SETTLE_MS ?? 5000);
const POLL_MS = 20;
const START_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT_MS ?? 300_000);
const GOALS = {
  freshMs: Number(process.env.STARTUP_GOAL_FRESH_MS ?? 3000),
  existingMs: Number(process.env.STARTUP_GOAL_EXISTING_MS ?? 2000),
  rssMb: Number(process.env.STARTUP_GOAL_RSS_MB ?? 300),
};
const CHECK_GOALS = process.env.STARTUP_CHECK_GOALS !== '0';
const RESULTS_DIR = fileURLToPath(new URL('./.results/', import.meta.url));

interface Build {
  name: string;
  /** The repository-shaped directory holding apps/server/dist/main.js. */
  dir: string;
}

interface Kind {
  label: string;
  build: Build;
  database: 'fresh' | 'existing' | 'postgres';
  /** Checked against the goals; the baseline and PostgreSQL are only reported. */
  goal: boolean;
  /** The data directory an existing kind reuses, or the PostgreSQL database URL. */
  prepared?: string;
}

interface Sample {
  healthyMs: number;
  /** CPU time the server (and its child processes) used until healthy: less swayed by the machine's load. */
  cpuMs: number;
  /** The server's RSS (and its child processes', if any) when /api/readyz first answered 200. */
  rssAtHealthyMb: number;
  /** The same, SETTLE_MS later. */
  rssSettledMb: number;
  /** The highest RSS: the kernel's high-water mark of the server process, or the sampled sum of its tree. */
  peakMb: number;
}

const mb = (kb: number) => kb / 1024;
/** The kernel's clock tick for /proc/<pid>/stat times; 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of a process and of the children it waited for, in ms. */
function cpuMsOf(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after "(command)": utime, stime, cutime and cstime are the 12th to 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** VmRSS and VmHWM of one process in kB; null once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** The process and every process it started, so memory moved into a child is still counted. */
function processTree(pid: number): number[] {
  const tree = [pid];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return tree;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean)) tree.push(...processTree(Number(child)));
  }
  return tree;
}

/** The RSS of the whole tree in kB, and the server process's own high-water mark. */
function treeMemory(pid: number): { rss: number; hwm: number } {
  let rss = 0;
  for (const member of processTree(pid)) rss += memoryOf(member)?.rss ?? 0;
  return { rss, hwm: memoryOf(pid)?.hwm ?? 0 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts the build once with this data directory or database and measures it. */
async function startOnce(build: Build, database: { dataDir: string; url: string }): Promise<Sample> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(build.dir, 'apps/server/dist/main.js')], {
    cwd: build.dir,
    env: {
      ...process.env,
      APP_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server did not start.');
  let sampledPeak = 0;
  try {
    let healthyMs: number | null = null;
    while (healthyMs === null) {
      if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`Not healthy in time:\n${output}`);
      sampledPeak = Math.max(sampledPeak, treeMemory(pid).rss);
      try {
        const response = await fetch(`${baseURL}/api/readyz`);
        await response.arrayBuffer();
        if (response.ok) healthyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (healthyMs === null) await sleep(POLL_MS);
    }
    const cpuMs = processTree(pid).reduce((sum, member) => sum + cpuMsOf(member), 0);
    const atHealthy = treeMemory(pid);
    const settleUntil = performance.now() + SETTLE_MS;
    while (performance.now() < settleUntil) {
      sampledPeak = Math.max(sampledPeak, treeMemory(pid).rss);
      await sleep(100);
    }
    const settled = treeMemory(pid);
    return {
      healthyMs,
      cpuMs,
      rssAtHealthyMb: mb(atHealthy.rss),
      rssSettledMb: mb(settled.rss),
      peakMb: mb(Math.max(settled.hwm, sampledPeak, atHealthy.rss, settled.rss)),
    };
  } finally {
    await stop(child);
  }
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A scratch database on the PostgreSQL server, or null (with the reason) when there is none. */
async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (adminUrl === 'none') return 'BENCH_DATABASE_URL=none';
  const name = `stillpoint_bench_${randomBytes(5).toString('hex')}`;
  try {
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  } catch (error) {
    return `${adminUrl} did not answer (${error instanceof Error ? error.message : String(error)})`;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const max = (values: number[]) => Math.max(...values);

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [
    line(head ?? []),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

/** Copies the current build to `dir` so a later run can start it beside a newer one. */
function saveBaseline(dir: string): void {
  const target = path.resolve(root, dir);
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) throw new Error('Run `npm run build` first.');
  rmSync(target, { recursive: true, force: true });
  for (const part of ['apps/server/dist', 'apps/server/package.json', 'apps/web/dist']) {
    cpSync(path.join(root, part), path.join(target, part), { recursive: true });
  }
  // The bundle keeps its packages external; the server's own node_modules holds some of them.
  symlinkSync(path.join(root, 'apps/server/node_modules'), path.join(target, 'apps/server/node_modules'));
  console.log(`The current build is saved in ${target}; run it beside another with STARTUP_BASELINE=${dir}.`);
}

async function main(): Promise<void> {
  const saveAt = process.argv.indexOf('--save-baseline');
  if (saveAt >= 0) {
    const dir = process.argv[saveAt + 1];
    if (!dir) throw new Error('--save-baseline needs a directory.');
    saveBaseline(dir);
    return;
  }
  const current: Build = { name: 'this build', dir: root };
  const builds = [current];
  const baselineDir = process.env.STARTUP_BASELINE;
  if (baselineDir) builds.push({ name: 'baseline', dir: path.resolve(root, baselineDir) });
  for (const build of builds) {
    if (!existsSync(path.join(build.dir, 'apps/server/dist/main.js'))) {
      throw new Error(`${build.dir} has no apps/server/dist/main.js; run \`npm run build\` first.`);
    }
  }

  const scratch = mkdtempSync(path.join(tmpdir(), 'stillpoint-startup-'));
  const postgres = await scratchPostgres();
  const kinds: Kind[] = [];
  for (const build of builds) {
    const suffix = build === current ? '' : ` (${build.name})`;
    kinds.push({
      label: `PGlite, fresh data dir${suffix}`,
      build,
      database: 'fresh',
      goal: build === current,
    });
    kinds.push({
      label: `PGlite, existing data dir${suffix}`,
      build,
      database: 'existing',
      goal: build === current,
    });
  }
  if (typeof postgres !== 'string') {
    kinds.push({ label: 'PostgreSQL, migrated database', build: current, database: 'postgres', goal: false });
  }

  const startLoad = loadavg();
  console.log(
    `${RUNS} runs of each kind, interleaved; RSS settled ${SETTLE_MS / 1000} s after healthy. ` +
      `${cpus().length} cores, load average ${startLoad.map((value) => value.toFixed(2)).join(' ')}.`,
  );
  if (typeof postgres === 'string') console.log(`No PostgreSQL kind: ${postgres}.`);

  const samples = new Map<Kind, Sample[]>(kinds.map((kind) => [kind, []]));
  try {
    // The existing kinds reuse a data directory (or database) the same build has started on once.
    for (const kind of kinds) {
      if (kind.database === 'existing') {
        kind.prepared = mkdtempSync(path.join(scratch, 'existing-'));
        await startOnce(kind.build, { dataDir: kind.prepared, url: '' });
      } else if (kind.database === 'postgres' && typeof postgres !== 'string') {
        kind.prepared = postgres.url;
        await startOnce(kind.build, { dataDir: path.join(scratch, 'unused'), url: postgres.url });
      }
    }
    for (let run = 1; run <= RUNS; run += 1) {
      for (const kind of kinds) {
        const dataDir = kind.database === 'fresh' ? mkdtempSync(path.join(scratch, 'fresh-')) : kind.prepared;
        const sample = await startOnce(kind.build, {
          dataDir: kind.database === 'postgres' ? path.join(scratch, 'unused') : (dataDir ?? ''),
          url: kind.database === 'postgres' ? (kind.prepared ?? '') : '',
        });
        if (kind.database === 'fresh' && dataDir) rmSync(dataDir, { recursive: true, force: true });
        samples.get(kind)?.push(sample);
        console.log(
          `run ${run} ${kind.label}: healthy ${sample.healthyMs.toFixed(0)} ms (CPU ${sample.cpuMs.toFixed(0)} ms), RSS ${sample.rssAtHealthyMb.toFixed(0)} → ${sample.rssSettledMb.toFixed(0)} MB, peak ${sample.peakMb.toFixed(0)} MB`,
        );
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (typeof postgres !== 'string') await postgres.drop();
  }
  const endLoad = loadavg();

  const rows = [
    [
      'kind',
      'healthy median (ms)',
      'healthy max',
      'CPU until healthy median (ms)',
      'RSS at healthy median (MB)',
      `RSS +${SETTLE_MS / 1000} s median`,
      `RSS +${SETTLE_MS / 1000} s max`,
      'peak RSS median',
      'peak max',
    ],
  ];
  const failures: string[] = [];
  const summary: Record<string, unknown> = {};
  for (const kind of kinds) {
    const list = samples.get(kind) ?? [];
    const of = (key: keyof Sample) => list.map((sample) => sample[key]);
    const healthy = median(of('healthyMs'));
    const settled = median(of('rssSettledMb'));
    rows.push([
      kind.label,
      healthy.toFixed(0),
      max(of('healthyMs')).toFixed(0),
      median(of('cpuMs')).toFixed(0),
      median(of('rssAtHealthyMb')).toFixed(0),
      settled.toFixed(0),
      max(of('rssSettledMb')).toFixed(0),
      median(of('peakMb')).toFixed(0),
      max(of('peakMb')).toFixed(0),
    ]);
    summary[kind.label] = list;
    if (!kind.goal) continue;
    const goalMs = kind.database === 'fresh' ? GOALS.freshMs : GOALS.existingMs;
    if (healthy > goalMs)
      failures.push(`${kind.label}: healthy after ${healthy.toFixed(0)} ms (goal ≤ ${goalMs})`);
    if (settled > GOALS.rssMb) {
      failures.push(`${kind.label}: ${settled.toFixed(0)} MB RSS after startup (goal ≤ ${GOALS.rssMb})`);
    }
  }
  console.log(`\n${table(rows)}\n`);
  console.log(
    `Load average at the start ${startLoad.map((value) => value.toFixed(2)).join(' ')}, ` +
      `at the end ${endLoad.map((value) => value.toFixed(2)).join(' ')}.`,
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, 'startup.json'),
    JSON.stringify(
      { runs: RUNS, settleMs: SETTLE_MS, startLoad, endLoad, goals: GOALS, samples: summary },
      null,
      2,
    ),
  );

  if (failures.length > 0) {
    console.log(`Over the goals:\n  ${failures.join('\n  ')}`);
    if (CHECK_GOALS) process.exit(1);
  } else {
    console.log(
      `Within the goals: fresh ≤ ${GOALS.freshMs} ms, existing ≤ ${GOALS.existingMs} ms, RSS ≤ ${GOALS.rssMb} MB.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
