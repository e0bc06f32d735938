// A real web server (vite preview, Python's http.server, nginx…) run as a child of the test on a
// free port of 127.0.0.1, stopped by the test. A server that is not installed fails the test with
// the command it needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface ServerProcess {
  origin: string;
  /** Ends the server and waits until its port is closed. */
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(origin + '/', { method: 'HEAD' });
    return true;
  } catch {
    return false;
  }
}

/** Starts `command(port)` in `cwd` and waits (up to 30 s) until the port answers HTTP. */
export async function startServerProcess(command: (port: number) => [string, string[]], cwd: string): Promise<ServerProcess> {
  const port = await freePort();
  const [file, args] = command(port);
  const child: ChildProcess = spawn(file, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (e) => reject(new Error(`${file} could not start (${e.message}): is it installed?`)));
    child.once('exit', (code) => reject(new Error(`${file} ${args.join(' ')} exited (${code}): ${stderr.trim()}`)));
  });
  failed.catch(() => undefined);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await Promise.race([answers(origin), failed]))) {
    if (Date.now() > deadline) throw new Error(`${file} did not answer on ${origin} within 30 s: ${stderr.trim()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopped: Promise<void> | undefined;
  return {
    origin,
    stop: () =>
      (stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
        while (await answers(origin)) await new Promise((r) => setTimeout(r, 50));
      })()),
  };
}
