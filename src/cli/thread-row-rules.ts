// Node only: the row rules on a worker thread, so reading and scanning the files (this thread) and
// the generator's core (that thread) run side by side on two cores. Each side took about half of
// the audit's time on the 1M-row set. The rows go over as transferred buffers, a few in flight at a
// time; the findings the audit keeps come back when the rules are done. This one file is both sides.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { nodePlatform } from '../platform/node.ts';
import type { Finding } from '../types.ts';
import { keepsFinding, runRowRules } from '../check/row-rules.ts';
import type { RowRulesRunner, RulesOutcome } from '../check/types.ts';

const MARK = 'sitemill-row-rules';
/** Blocks of rows (about 1 MiB each) sent and not yet taken: enough to keep the thread busy. */
const IN_FLIGHT = 4;

type FromWorker = { taken: true } | { done: true; findings: Finding[]; baseUrl: string | undefined } | { failed: string; name: string };

export const threadRowRules: RowRulesRunner = async (rows, options, platform) => {
  // Run from TypeScript source (tests under a loader a worker does not inherit): in this thread.
  if (import.meta.url.endsWith('.ts')) return runRowRules(rows, options, platform);
  const worker = new Worker(new URL(import.meta.url), { workerData: { [MARK]: { baseUrl: options.baseUrl, now: options.now, extensions: options.extensions } } });
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  const outcome = new Promise<RulesOutcome>((resolve, reject) => {
    const fail = (e: Error) => {
      failure = e;
      wake?.();
      reject(e);
    };
    worker.on('message', (m: FromWorker) => {
      if ('taken' in m) {
        inFlight--;
        wake?.();
      } else if ('done' in m) {
        resolve({ findings: { length: m.findings.length, at: (i) => m.findings[i] }, baseUrl: m.baseUrl });
      } else {
        const e = new Error(m.failed);
        e.name = m.name;
        fail(e);
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the row rules thread stopped (exit ${code})`)));
  });
  outcome.catch(() => {});
  const abort = () => void worker.terminate();
  options.signal?.addEventListener('abort', abort);
  try {
    for await (const block of rows()) {
      if (failure) break;
      // Each block has a buffer of its own (the writer starts a new one), so it is moved, not copied.
      worker.postMessage(block, [block.buffer as ArrayBuffer]);
      inFlight++;
      while (inFlight >= IN_FLIGHT && !failure) await new Promise<void>((resolve) => (wake = resolve));
    }
    worker.postMessage(null);
    return await outcome;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
};

/** The worker's side: rows in, the rules run, the kept findings out. */
async function serve(): Promise<void> {
  const port = parentPort!;
  const queue: (Uint8Array | null)[] = [];
  let wake: (() => void) | null = null;
  port.on('message', (m: Uint8Array | null) => {
    queue.push(m);
    wake?.();
  });
  async function* rows(): AsyncGenerator<Uint8Array> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const block = queue.shift()!;
      if (block === null) return;
      port.postMessage({ taken: true } satisfies FromWorker);
      yield block;
    }
  }
  try {
    const result = await runRowRules(rows, workerData[MARK], nodePlatform);
    const findings: Finding[] = [];
    for (let i = 0; i < result.findings.length; i++) {
      const f = result.findings.at(i);
      if (keepsFinding(f.code)) findings.push(f);
    }
    port.postMessage({ done: true, findings, baseUrl: result.baseUrl } satisfies FromWorker);
  } catch (e) {
    port.postMessage({ failed: (e as Error).message, name: (e as Error).name } satisfies FromWorker);
  }
}

if (!isMainThread && workerData?.[MARK]) void serve();
