// PostgreSQL for the cluster: a scratch database, created empty for this run and dropped after it,
// on the server at CLUSTER_DATABASE_URL, or on a server of our own when that one does not answer.
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, runCommand } from './processes.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A server to make the scratch database on: the one at `adminUrl` if it answers, else a fresh one
 * started in `tmp`. `databaseUrl` is the scratch database; `close()` drops it and stops our server.
 */
export async function prepareDatabase(adminUrl, tmp, say) {
  let server = null;
  if (!(await answers(adminUrl))) {
    say(`PostgreSQL at ${redacted(adminUrl)} does not answer; starting one in ${tmp}`);
    server = await startOwnServer(tmp);
    adminUrl = server.adminUrl;
  }
  const name = `stillpoint_cluster_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    databaseUrl,
    where: server ? `own server on port ${server.port}` : redacted(adminUrl),
    async close() {
      try {
        await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      } finally {
        await server?.stop();
      }
    },
  };
}

async function answers(url) {
  try {
    await withClient(url, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A throwaway server: initdb in the temp directory, trust authentication, loopback only. */
async function startOwnServer(tmp) {
  const dir = path.join(tmp, 'postgres');
  const data = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  // PostgreSQL refuses to run as root; as root, hand the directory to an ordinary account.
  const owner = process.getuid?.() === 0 ? await ordinaryAccount() : {};
  if (owner.uid !== undefined) {
    chmodSync(tmp, 0o711);
    chownSync(dir, owner.uid, owner.gid);
  }
  const port = await freePort();
  await runCommand(
    postgresTool('initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    owner,
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = postgresTool('pg_ctl');
  await runCommand(
    pgCtl,
    ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start'],
    owner,
  );
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => runCommand(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'], owner).catch(() => {}),
  };
}

/** initdb and pg_ctl: on PATH, or where Debian keeps them (the newest version). */
function postgresTool(name) {
  const onPath = (process.env.PATH ?? '').split(':').find((dir) => dir && existsSync(path.join(dir, name)));
  if (onPath) return path.join(onPath, name);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions
    .sort((a, b) => Number(b) - Number(a))
    .find((version) => {
      return existsSync(path.join('/usr/lib/postgresql', version, 'bin', name));
    });
  if (!newest) throw new Error(`${name} was not found (install PostgreSQL's server package)`);
  return path.join('/usr/lib/postgresql', newest, 'bin', name);
}

/** The postgres account when there is one, else nobody. */
async function ordinaryAccount() {
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number((await runCommand('id', ['-u', name])).trim());
      const gid = Number((await runCommand('id', ['-g', name])).trim());
      return { uid, gid };
    } catch {
      // Not on this machine; try the next.
    }
  }
  throw new Error('no ordinary account to run PostgreSQL as (it refuses root)');
}

/** A connection string fit to print: without its password. */
export function redacted(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
