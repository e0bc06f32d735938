// Real web servers for the live check's tests, each the test's own child process on 127.0.0.1:
// Debian's nginx (its config, pid, logs and temp paths in a temp folder) and python's http.server,
// serving a folder. Their HEAD answers, status lines and redirects are theirs, not ours.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
export const PYTHON = '/usr/bin/python3';

export interface RealServer {
  name: string;
  origin: string;
  /** `GET /path` per request served so far, in order, as the server logged it. */
  requests(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Why `binary` cannot be used, or null when it can. In CI a missing server fails the test (the
 * CI script installs it); elsewhere the test is skipped with this reason.
 */
export function missing(binary: string, apt: string): string | null {
  if (existsSync(binary)) return null;
  const why = `${binary} is missing: apt-get install -y ${apt}`;
  if (process.env.CI) throw new Error(why);
  return why;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until `origin` answers any HTTP, or the child exits (its output then says why). */
async function ready(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output()}`);
    try {
      await fetch(`${origin}/`, { method: 'HEAD' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`no answer from ${origin} within 20 s: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** nginx serving `root`; `locations` are more `location` blocks of its server (a `return 301`). */
export async function startNginx(root: string, locations = ''): Promise<RealServer> {
  const work = await mkdtemp(path.join(tmpdir(), 'sitemill-nginx-'));
  const port = await freePort();
  const config = `daemon off;
master_process off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format requests '$request_method $request_uri';
  access_log ${work}/access.log requests;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${locations}
  }
}
`;
  await writeFile(path.join(work, 'nginx.conf'), config);
  let output = '';
  const child = spawn(NGINX, ['-p', work, '-e', `${work}/error.log`, '-c', `${work}/nginx.conf`], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    await rm(work, { recursive: true, force: true });
  };
  try {
    await ready(origin, child, () => output);
  } catch (e) {
    await close();
    throw e;
  }
  const log = path.join(work, 'access.log');
  return {
    name: 'nginx',
    origin,
    // nginx writes a line per request as it ends; the first is the readiness probe.
    requests: async () => (existsSync(log) ? (await readFile(log, 'utf8')).split('\n').filter(Boolean).slice(1) : []),
    close,
  };
}

/** `python3 -m http.server --bind 127.0.0.1` serving `root`. */
export async function startPython(root: string): Promise<RealServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(PYTHON, ['-u', '-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await ready(origin, child, () => output);
  } catch (e) {
    await stop(child);
    throw e;
  }
  return {
    name: 'python http.server',
    origin,
    // It logs `127.0.0.1 - - [date] "GET /path HTTP/1.1" 200 -` on stderr; the first is the probe.
    requests: async () => [...output.matchAll(/"([A-Z]+) (\S+) HTTP\/[\d.]+"/g)].map((m) => `${m[1]} ${m[2]}`).slice(1),
    close: () => stop(child),
  };
}
