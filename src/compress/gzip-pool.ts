// A small pool of compression workers, so finished files compress on other cores while the engine's
// worker keeps parsing (CompressionStream runs on the thread that owns it). Where workers cannot be
// started from here, files compress on this thread instead.

import { gzipHere } from './gzip-stream.ts';

interface Pending {
  resolve(gz: Uint8Array): void;
  reject(e: Error): void;
}

interface Member {
  worker: Worker;
  busy: number;
}

export class GzipPool {
  private members: Member[] | null = null;
  private broken = false;
  private pending = new Map<number, Pending & { member: Member }>();
  private nextId = 1;

  constructor(private size: number) {}

  /** Compresses `data`, taking ownership of its buffer (it is transferred to a worker). */
  async gzip(data: Uint8Array): Promise<Uint8Array> {
    const members = this.start();
    if (!members) return gzipHere(data);
    const member = members.reduce((a, b) => (b.busy < a.busy ? b : a));
    const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
    const id = this.nextId++;
    member.busy++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, member });
      member.worker.postMessage({ id, data: own }, [own.buffer as ArrayBuffer]);
    });
  }

  private start(): Member[] | null {
    if (this.members || this.broken) return this.members;
    if (typeof Worker === 'undefined') {
      this.broken = true;
      return null;
    }
    try {
      this.members = Array.from({ length: this.size }, () => {
        const worker = new Worker(new URL('./gzip-worker.ts', import.meta.url), { type: 'module' });
        const member: Member = { worker, busy: 0 };
        worker.onmessage = (event: MessageEvent<{ id: number; gz?: Uint8Array; error?: string }>) => {
          const job = this.pending.get(event.data.id);
          if (!job) return;
          this.pending.delete(event.data.id);
          member.busy--;
          if (event.data.gz) job.resolve(event.data.gz);
          else job.reject(new Error(`gzip failed: ${event.data.error}`));
        };
        worker.onerror = (event) => this.fail(member, new Error(`the gzip worker stopped: ${event.message ?? 'no message'}`));
        return member;
      });
    } catch {
      this.broken = true;
      this.members = null;
    }
    return this.members;
  }

  private fail(member: Member, error: Error): void {
    for (const [id, job] of this.pending) {
      if (job.member !== member) continue;
      this.pending.delete(id);
      job.reject(error);
    }
    member.worker.terminate();
    this.members = this.members?.filter((m) => m !== member) ?? null;
    if (!this.members?.length) {
      this.members = null;
      this.broken = true;
    }
  }
}
