/**
 * Runs a command as a child process and measures its wall time and peak resident memory.
 *
 * Peak RSS comes from two sources, and the larger is reported:
 * - polling /proc/<pid>/status VmHWM (the kernel's high-water mark of RSS) every 20 ms, for any command;
 * - for a Node child, getrusage(RUSAGE_SELF).ru_maxrss (process.resourceUsage().maxRSS) taken by an
 *   injected `--import` hook on 'exit'. It is read at the very end, so it covers the last <20 ms that
 *   polling can miss (VmHWM is gone once the process is reaped); but the kernel refreshes ru_maxrss
 *   lazily, so it can read slightly below VmHWM, which /proc computes live.
 * Both count the whole process, worker threads included; grandchild processes are not counted.
 * The hook is an inline data: URL, so the child loads no extra module from disk.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface PeakResult {
  ms: number;
  peakRssBytes: number;
  /** Which reading gave peakRssBytes. */
  rssSource: 'exit-hook' | 'vmhwm-poll' | 'none';
  /** The two readings (0 when unavailable). */
  rssExitHookBytes: number;
  rssPolledBytes: number;
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

const POLL_MS = 20;

const EXIT_HOOK =
  'data:text/javascript,' +
  encodeURIComponent(
    'import{writeFileSync}from"node:fs";' +
      'process.on("exit",()=>{try{writeFileSync(process.env.BENCH_MAXRSS_FILE,String(process.resourceUsage().maxRSS*1024))}catch{}});',
  );

function readVmHwm(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0; // already exited
  }
}

function isNode(command: string): boolean {
  return command === process.execPath || /^node(\.exe)?$/.test(basename(command));
}

export function measure(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<PeakResult> {
  const hookDir = mkdtempSync(join(tmpdir(), 'sitemill-peak-'));
  const rssFile = join(hookDir, 'maxrss');
  const node = isNode(command);
  const fullArgs = node ? ['--import', EXIT_HOOK, ...args] : args;
  const env = { ...process.env, ...options.env, BENCH_MAXRSS_FILE: rssFile };

  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(command, fullArgs, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));

    let polled = 0;
    const poll = (): void => {
      if (child.pid !== undefined) polled = Math.max(polled, readVmHwm(child.pid));
    };
    poll();
    const timer = setInterval(poll, POLL_MS);

    let ms = 0;
    child.on('exit', () => {
      ms = performance.now() - t0;
      clearInterval(timer);
    });
    child.on('error', (e) => {
      clearInterval(timer);
      rmSync(hookDir, { recursive: true, force: true });
      reject(e);
    });
    child.on('close', (code, signal) => {
      if (ms === 0) ms = performance.now() - t0;
      let hooked = 0;
      try {
        hooked = Number(readFileSync(rssFile, 'utf8')) || 0;
      } catch {
        // not a Node child, or it was killed before 'exit'
      }
      rmSync(hookDir, { recursive: true, force: true });
      const peakRssBytes = Math.max(hooked, polled);
      resolvePromise({
        ms,
        peakRssBytes,
        rssSource: peakRssBytes === 0 ? 'none' : hooked >= polled ? 'exit-hook' : 'vmhwm-poll',
        rssExitHookBytes: hooked,
        rssPolledBytes: polled,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        code,
        signal,
      });
    });
  });
}
