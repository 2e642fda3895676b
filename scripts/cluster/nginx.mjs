// nginx from the OS packages as the proxy in front of the two instances, configured with the same
// file as compose.yaml's proxy (deploy/nginx/stillpoint.conf.template).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { request } from './http-client.mjs';
import { runCommand, startProcess, waitUntil } from './processes.mjs';

const NGINX = '/usr/sbin/nginx';

/** nginx's path, installing Debian's package first when it is missing. */
export async function ensureNginx(say) {
  if (existsSync(NGINX)) return NGINX;
  say('nginx is missing: apt-get install -y nginx');
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) => {
    const [command, ...rest] = [...asRoot, ...args];
    return runCommand(command, rest, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  await run(['apt-get', 'update']);
  await run(['apt-get', 'install', '-y', 'nginx']);
  if (!existsSync(NGINX)) throw new Error(`apt-get installed nginx, yet ${NGINX} is missing`);
  return NGINX;
}

/** The deployment's proxy configuration with this run's upstreams and port. */
export function renderProxyConfig(root, values) {
  const template = readFileSync(path.join(root, 'deploy/nginx/stillpoint.conf.template'), 'utf8');
  return template.replace(/\$\{(\w+)\}/g, (_placeholder, name) => {
    if (!(name in values)) throw new Error(`the proxy template needs ${name}`);
    return String(values[name]);
  });
}

/**
 * Starts nginx on `port` in front of `upstreams` (host:port), everything it writes kept in `tmp`.
 * Resolves once it answers through to an instance.
 */
export async function startProxy({ nginx, root, tmp, port, upstreams }) {
  const dir = path.join(tmp, 'nginx');
  mkdirSync(dir, { recursive: true });
  // Started as root, nginx runs its workers as nobody and gives them its temp paths; they must
  // be able to pass through the run's directory to reach them.
  chmodSync(tmp, 0o711);
  const [first, second] = upstreams;
  writeFileSync(
    path.join(dir, 'stillpoint.conf'),
    renderProxyConfig(root, { UPSTREAM_1: first, UPSTREAM_2: second, LISTEN_PORT: `127.0.0.1:${port}` }),
  );
  writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  const proc = startProcess(
    'nginx',
    nginx,
    [
      '-p',
      `${dir}/`,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    { logFile: path.join(dir, 'stdout.log') },
  );
  const url = `http://127.0.0.1:${port}`;
  const errorLog = path.join(dir, 'error.log');
  await waitUntil(
    async () => proc.exit || (await request(`${url}/api/healthz`)).status === 200,
    'nginx to proxy to the instances',
    { timeoutMs: 15_000 },
  );
  if (proc.exit) throw new Error(`nginx exited:\n${tail(errorLog)}`);
  return { proc, url, errorLog };
}

/** What a packaged nginx.conf would give, with every path inside this run's directory. */
function mainConfig(dir) {
  return `worker_processes 1;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which instance answered: the checks read it. The deployment's proxy does not tell visitors.
  add_header X-Upstream $upstream_addr always;
  include ${dir}/stillpoint.conf;
}
`;
}

function tail(file, lines = 20) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n') : '';
}
