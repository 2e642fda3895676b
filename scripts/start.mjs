// `npm start`: build the web app and the server when the build is missing or stale, then run the
// server, which migrates the database and serves everything on http://localhost:3000 (PORT).
import { spawnSync } from 'node:child_process';
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('Building Stillpoint (web app and server)...');
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

await import('../apps/server/dist/main.js');
