import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's operator scripts (`apps/server/scripts/<name>.ts`) from source, in its
 * own process, with exactly `env` as its environment, and collects what it printed. The same
 * commands bundled by the build, as operators run them, are run by e2e/tests/operator-commands.spec.ts.
 */
export function runServerScript(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: serverDir,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
