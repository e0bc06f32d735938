// Node only: raw deflate of gzip pieces, and each piece's CRC-32, on worker threads. On libuv's
// pool only zlib's own loop ran off this thread; setting up a stream per piece, gathering its output
// and the CRC ran here, in the thread that also runs the core (a fifth of its time on a list with
// images and alternates). A worker does all of it; the piece is moved there and back, not copied.
// This one file is both sides.

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MARK = 'sitemill-deflate';
// zlib's output buffer per piece: a piece of XML compresses to well under this; more is chained.
const OUT_CHUNK = 1 << 18;

export interface Deflated {
  /** The raw deflate stream of the piece: ends on a byte boundary, or with the final block when `last`. */
  deflated: Uint8Array;
  /** CRC-32 of the piece. */
  crc: number;
  /** The piece's bytes, given back. */
  data: Uint8Array;
}

interface Job {
  id: number;
  data: Uint8Array;
  level: number;
  dictionary: Uint8Array | null;
  last: boolean;
}

type Reply = { id: number; deflated: Uint8Array; crc: number; data: Uint8Array } | { id: number; failed: string };

/**
 * `bytes` in a buffer of their own: as they are, when they fill theirs, or copied. A message carries
 * a view's whole buffer, and only a whole buffer can move.
 */
function alone(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** What a thread runs: the piece primed with the bytes before it (`dictionary`). */
function deflatePiece(data: Uint8Array, level: number, dictionary: Uint8Array | null, last: boolean): Uint8Array {
  return deflateRawSync(data, {
    level,
    chunkSize: OUT_CHUNK,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  });
}

interface Thread {
  worker: Worker;
  busy: number;
}

/**
 * A few deflate threads, one for each core (at most four), each started when a job finds the others
 * busy. A thread holds the process open only while it has work, so a library user's process still
 * ends by itself.
 */
export class DeflateThreads {
  private threads: Thread[] = [];
  private jobs = new Map<number, { thread: Thread; resolve(d: Deflated): void; reject(e: Error): void }>();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(private count = Math.min(4, availableParallelism())) {}

  /** Deflates `data`, whose buffer is moved to the thread (and comes back in the answer): the caller lets go of it. */
  deflate(data: Uint8Array, level: number, dictionary: Uint8Array | null, last: boolean): Promise<Deflated> {
    if (this.failure) return Promise.reject(this.failure);
    let thread = this.threads.find((t) => t.busy === 0);
    if (!thread && this.threads.length < this.count) this.threads.push((thread = this.start()));
    thread ??= this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const own = alone(data);
    const id = this.nextId++;
    if (thread.busy++ === 0) thread.worker.ref();
    return new Promise<Deflated>((resolve, reject) => {
      this.jobs.set(id, { thread, resolve, reject });
      thread.worker.postMessage({ id, data: own, level, dictionary: dictionary && alone(dictionary), last } satisfies Job, [own.buffer as ArrayBuffer]);
    });
  }

  private start(): Thread {
    // No flags from the process: a thread that only deflates needs none, and some (`--input-type`) stop it.
    const worker = new Worker(new URL(import.meta.url), { workerData: { [MARK]: true }, execArgv: [] });
    const thread: Thread = { worker, busy: 0 };
    worker.on('message', (reply: Reply) => {
      const job = this.jobs.get(reply.id);
      if (!job) return;
      this.jobs.delete(reply.id);
      if (--thread.busy === 0) worker.unref();
      if ('failed' in reply) job.reject(new Error(`gzip failed: ${reply.failed}`));
      else job.resolve(reply);
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`a gzip thread stopped (exit ${code})`)));
    // After the listeners: a 'message' listener holds the process open again.
    worker.unref();
    return thread;
  }

  /** A thread that fails takes the others down with it: every job waiting is refused, later ones too. */
  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    for (const job of this.jobs.values()) job.reject(e);
    this.jobs.clear();
    for (const t of this.threads) {
      t.worker.removeAllListeners('exit');
      void t.worker.terminate();
    }
  }
}

/** The thread's side: a piece in, its deflate stream and CRC out, the piece's buffer sent back. */
function serve(): void {
  const port = parentPort!;
  port.on('message', ({ id, data, level, dictionary, last }: Job) => {
    try {
      const crc = crc32(data);
      const deflated = alone(deflatePiece(data, level, dictionary, last));
      port.postMessage({ id, deflated, crc, data } satisfies Reply, [data.buffer as ArrayBuffer, deflated.buffer as ArrayBuffer]);
    } catch (e) {
      port.postMessage({ id, failed: String((e as Error)?.message ?? e) } satisfies Reply);
    }
  });
}

if (!isMainThread && workerData?.[MARK]) serve();
