// Deflate on worker threads, for the pieces of the sitemaps' gzip and of report.csv. On libuv's
// thread pool (node:zlib's async calls) each piece went back and forth to the main thread several
// times (for each 256 KiB of output, and for the final flush), and the pool stood idle at each turn
// while the main thread ran the core: a third of a 1M-row run had one core idle. A worker deflates a
// piece in one go, and takes its CRC-32 off the main thread as well.

import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import * as zlib from 'node:zlib';
import { PIECE, WINDOW } from './piece-size.ts';

export interface DeflateJob {
  id: number;
  /** The bytes are the first `length` of `buffer`, which is transferred and comes back. */
  buffer: ArrayBuffer;
  length: number;
  level: number;
  /** The WINDOW bytes before them, or null at a stream's start. */
  dictionary: Uint8Array | null;
  /** Whether the bytes end the stream (final block) rather than a byte boundary (sync flush). */
  last: boolean;
  /** The bytes are deflated in pieces of this size, each primed with the WINDOW bytes before it. */
  piece: number;
}

export interface DeflateDone {
  id: number;
  deflated?: Uint8Array;
  crc?: number;
  error?: string;
  buffer: ArrayBuffer;
}

/** Deflated bytes, with the CRC-32 of their input, and the input's buffer given back. */
export interface Deflated {
  deflated: Uint8Array;
  /** The input's length. */
  length: number;
  crc: number;
  buffer: ArrayBuffer;
}

interface Member {
  worker: Worker;
  busy: number;
}

interface Waiting {
  resolve(done: Deflated): void;
  reject(error: Error): void;
  member: Member;
  length: number;
}

/**
 * The worker's program: a DeflateJob in, a DeflateDone out, the piece's buffer transferred both
 * ways so the sender can fill it again. It is source text, not a file, so it runs wherever this
 * module does (from the build, from the TypeScript source, bundled into another program).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const { Z_FINISH, Z_SYNC_FLUSH } = zlib.constants;
parentPort.on('message', (job) => {
  const data = new Uint8Array(job.buffer, 0, job.length);
  try {
    const outs = [];
    let dictionary = job.dictionary;
    let at = 0;
    do {
      const end = Math.min(data.length, at + job.piece);
      const options = { level: job.level, chunkSize: ${1 << 20}, finishFlush: end === data.length && job.last ? Z_FINISH : Z_SYNC_FLUSH };
      outs.push(zlib.deflateRawSync(data.subarray(at, end), dictionary ? { ...options, dictionary } : options));
      dictionary = end - ${WINDOW} >= 0 ? data.subarray(end - ${WINDOW}, end) : null;
      at = end;
    } while (at < data.length);
    // zlib's output buffer goes to the sender with the bytes in it: left here as garbage, such buffers
    // piled up (this thread makes too little else to collect them soon): 34 MB more peak memory on the
    // 1M root-relative list.
    const joined = outs.length === 1 ? outs[0] : Buffer.concat(outs);
    // A few bytes may sit in Node's shared pool of small buffers, which cannot be transferred (Node 24
    // refuses it): those are copied.
    const deflated = joined.buffer.byteLength > Buffer.poolSize ? joined : new Uint8Array(joined);
    const done = { id: job.id, deflated, crc: zlib.crc32(data), buffer: job.buffer };
    parentPort.postMessage(done, [deflated.buffer, job.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: job.id, error: String(e && e.message || e), buffer: job.buffer }, [job.buffer]);
  }
});
`;

export class DeflateWorkers {
  private members: Member[] | null = null;
  private unavailable = false;
  private waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private size: number) {}

  /** Whether pieces can go to workers here (node:zlib has crc32 from Node 20.15 on); starts them if they are not yet. */
  ready(): boolean {
    return this.start() !== null;
  }

  /** Deflates the first `length` bytes of `buffer` in pieces; the buffer is transferred, and given back in the answer. */
  deflate(buffer: ArrayBuffer, length: number, level: number, dictionary: Uint8Array | null, last: boolean): Promise<Deflated> {
    const members = this.start();
    if (!members) return Promise.reject(new Error('no deflate workers here'));
    const member = members.reduce((a, b) => (b.busy < a.busy ? b : a));
    const job: DeflateJob = { id: this.nextId++, buffer, length, level, dictionary, last, piece: PIECE };
    // A worker with work holds the process open; an idle one does not.
    if (member.busy++ === 0) member.worker.ref();
    return new Promise<Deflated>((resolve, reject) => {
      this.waiting.set(job.id, { resolve, reject, member, length });
      member.worker.postMessage(job, [buffer]);
    });
  }

  private start(): Member[] | null {
    if (this.members || this.unavailable) return this.members;
    if (typeof (zlib as { crc32?: unknown }).crc32 !== 'function') {
      this.unavailable = true;
      return null;
    }
    this.members = Array.from({ length: this.size }, () => this.member());
    return this.members;
  }

  private member(): Member {
    // No flags of this process: its --input-type or loaders would change how the source runs.
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    const member: Member = { worker, busy: 0 };
    worker.on('message', (done: DeflateDone) => this.answer(member, done));
    worker.on('error', (error) => this.fail(member, new Error(`a deflate worker stopped: ${error.message}`)));
    worker.on('exit', (code) => this.fail(member, new Error(`a deflate worker ended (exit code ${code})`)));
    // After the listeners: a 'message' listener added later would hold the process open again.
    worker.unref();
    return member;
  }

  private answer(member: Member, done: DeflateDone): void {
    const job = this.waiting.get(done.id);
    if (!job) return;
    this.waiting.delete(done.id);
    if (--member.busy === 0) member.worker.unref();
    if (done.deflated) job.resolve({ deflated: done.deflated, length: job.length, crc: done.crc!, buffer: done.buffer });
    else job.reject(new Error(`deflate failed: ${done.error}`));
  }

  /** A worker that stopped fails the pieces it held; the others go on (and when none is left, new ones start). */
  private fail(member: Member, error: Error): void {
    if (!this.members?.includes(member)) return;
    for (const [id, job] of this.waiting) {
      if (job.member !== member) continue;
      this.waiting.delete(id);
      job.reject(error);
    }
    void member.worker.terminate();
    const rest = this.members?.filter((m) => m !== member) ?? [];
    this.members = rest.length > 0 ? rest : null;
  }
}

/**
 * One worker a core, at least two (on two cores, one worker left a core idle whenever the main
 * thread waited) and at most four (as many as libuv's pool had).
 */
export const deflateWorkers = new DeflateWorkers(Math.min(4, Math.max(2, availableParallelism())));
