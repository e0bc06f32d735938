// A small pool of compression workers, so files compress on other cores while the engine's worker
// keeps parsing (CompressionStream runs on the thread that owns it): whole files, or a file's body
// in pieces as it is written. The workers are started by the function given to spawnWith (the
// engine's worker starts copies of its own script); without one, or where workers cannot be
// started, files compress on this thread instead.

import { GzipAsWritten, gzipHere } from './gzip-stream.ts';
import { PiecePool } from './piece-pool.ts';

interface Pending {
  resolve(gz: Uint8Array): void;
  reject(e: Error): void;
  member: Member;
}

interface Member {
  worker: Worker;
  busy: number;
  /** Stopped: a file open on it fails at its close. */
  stopped?: Error;
}

interface Reply {
  id: number;
  gz?: Uint8Array;
  spent?: ArrayBuffer[];
  error?: string;
}

/** A file compressed as it is written (see GzipAsWritten), wherever the pool runs it. */
export interface GzipFile {
  /** The next bytes of the body; the buffer is taken (transferred). */
  piece(bytes: Uint8Array<ArrayBuffer>): void;
  /** The true header and the rest of the body (both copied here): the file's gzip. */
  close(header: Uint8Array, tail: Uint8Array): Promise<Uint8Array>;
  /** Lets the file go unfinished. */
  drop(): void;
}

export class GzipPool {
  private members: Member[] | null = null;
  private broken = false;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  /** Piece buffers the workers gave back. */
  private pieces = new PiecePool();

  private spawn: (() => Worker) | null = null;

  constructor(private size: number) {}

  /** How to start a compression worker (one that runs gzip-worker.ts's serveGzip). */
  spawnWith(spawn: () => Worker): void {
    this.spawn = spawn;
  }

  /** Compresses `data`, taking ownership of its buffer (it is transferred to a worker). */
  async gzip(data: Uint8Array): Promise<Uint8Array> {
    const members = this.start();
    if (!members) return gzipHere(data);
    const member = this.leastBusy(members);
    const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
    return this.ask(member, { data: own }, [own.buffer as ArrayBuffer]);
  }

  /** A file to compress as it is written, starting with the header it most likely has. */
  open(guess: Uint8Array): GzipFile {
    const members = this.start();
    if (!members) return this.openHere(guess);
    const member = this.leastBusy(members);
    // Busy from the first piece: the next file goes to another worker while this one is written.
    member.busy++;
    const id = this.nextId++;
    member.worker.postMessage({ id, guess: guess.slice() });
    return {
      piece: (bytes) => member.worker.postMessage({ id, piece: bytes }, [bytes.buffer]),
      close: (header, tail) => {
        member.busy--;
        if (member.stopped) return Promise.reject(member.stopped);
        const h = header.slice();
        const t = tail.slice();
        return this.ask(member, { header: h, tail: t }, [t.buffer], id);
      },
      drop: () => {
        member.busy--;
        member.worker.postMessage({ id, drop: true });
      },
    };
  }

  /** A buffer for a piece: one a worker gave back when there is one. */
  take(): Uint8Array<ArrayBuffer> {
    return this.pieces.take();
  }

  private openHere(guess: Uint8Array): GzipFile {
    const file = new GzipAsWritten(guess.slice());
    return {
      piece: (bytes) => file.piece(bytes),
      close: async (header, tail) => (await file.close(header.slice(), tail.slice())).gz,
      drop: () => file.drop(),
    };
  }

  private leastBusy(members: Member[]): Member {
    return members.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  private ask(member: Member, job: object, transfer: Transferable[], id = this.nextId++): Promise<Uint8Array> {
    member.busy++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, member });
      member.worker.postMessage({ id, ...job }, transfer);
    });
  }

  private start(): Member[] | null {
    if (this.members || this.broken) return this.members;
    const spawn = this.spawn;
    if (!spawn || typeof Worker === 'undefined') {
      this.broken = true;
      return null;
    }
    try {
      this.members = Array.from({ length: this.size }, () => {
        const worker = spawn();
        const member: Member = { worker, busy: 0 };
        worker.onmessage = (event: MessageEvent<Reply>) => this.answer(member, event.data);
        worker.onerror = (event) => this.fail(member, new Error(`the gzip worker stopped: ${event.message ?? 'no message'}`));
        return member;
      });
    } catch {
      this.broken = true;
      this.members = null;
    }
    return this.members;
  }

  private answer(member: Member, reply: Reply): void {
    for (const b of reply.spent ?? []) this.pieces.give(b);
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    member.busy--;
    if (reply.gz) job.resolve(reply.gz);
    else job.reject(new Error(`gzip failed: ${reply.error}`));
  }

  private fail(member: Member, error: Error): void {
    for (const [id, job] of this.pending) {
      if (job.member !== member) continue;
      this.pending.delete(id);
      job.reject(error);
    }
    member.stopped = error;
    member.worker.terminate();
    this.members = this.members?.filter((m) => m !== member) ?? null;
    if (!this.members?.length) {
      this.members = null;
      this.broken = true;
    }
  }
}
