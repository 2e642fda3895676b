// Redis for the cluster: the one at CLUSTER_REDIS_URL, or one of our own when it does not answer.
// Nothing is flushed: each check counts under client addresses of its own (loopbackVisitor).
import { connect } from 'node:net';
import path from 'node:path';
import { freePort, startProcess, stopProcess, waitUntil } from './processes.mjs';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export async function prepareRedis(url, tmp, say) {
  if (await answersPing(url)) return { redisUrl: url, where: url, close: async () => {} };
  say(`Redis at ${url} does not answer; starting one`);
  const port = await freePort();
  const proc = startProcess(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmp],
    { logFile: path.join(tmp, 'redis.log') },
  );
  const ownUrl = `redis://127.0.0.1:${port}`;
  await waitUntil(async () => !proc.exit && (await answersPing(ownUrl)), 'our Redis to answer', {
    timeoutMs: 10_000,
  });
  return { redisUrl: ownUrl, where: `own server on port ${port}`, close: () => stopProcess(proc) };
}

/** Whether a Redis server answers PING there (after AUTH, when the URL carries a password). */
function answersPing(url) {
  const { hostname, port, password } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      socket.write(`${password ? `AUTH ${decodeURIComponent(password)}\r\n` : ''}PING\r\n`);
    });
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('+PONG')) done(true);
      else if (answer.includes('-')) done(false);
    });
  });
}
