// `npm run dev`: the API with reload on :3001 and Vite with hot module replacement on :3000,
// which proxies /api to it. Open http://localhost:3000.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}` },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
