// `npm run db:migrate`, `db:backup`, `db:restore`: build when the build is missing or stale, as
// `npm start` does, then run the operator command bundled beside the server
// (apps/server/dist/<command>.js) with the arguments that follow its name.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-stamp.mjs';

const COMMANDS = ['db-migrate', 'db-backup', 'db-restore'];
const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  console.error(`Usage: node scripts/server-command.mjs <${COMMANDS.join('|')}> [arguments]`);
  process.exit(2);
}
buildIfStale();
const entry = fileURLToPath(new URL(`../apps/server/dist/${command}.js`, import.meta.url));
// A process of its own, so the command's exit code and signals are its own.
const result = spawnSync(process.execPath, [entry, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
