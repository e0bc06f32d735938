// An async stream of chunks read with look-ahead: bytes read too far are put back for the next reader
// (the gzip framing, and a raw inflater that read past the end of its deflate data).

import type { ByteSource } from '../types.ts';
import { concat } from './byte-streams.ts';

export class ByteReader implements ByteSource {
  private held: Uint8Array[] = [];
  constructor(private it: AsyncIterator<Uint8Array>) {}

  /** The next chunk, or null at the end. */
  async chunk(): Promise<Uint8Array | null> {
    const kept = this.held.pop();
    if (kept) return kept;
    for (;;) {
      const r = await this.it.next();
      if (r.done) return null;
      if (r.value.length > 0) return r.value;
    }
  }

  /** Puts bytes back: they are the next chunk read. */
  unread(bytes: Uint8Array): void {
    if (bytes.length > 0) this.held.push(bytes);
  }

  /** Exactly `n` bytes, or fewer at the end. */
  async take(n: number): Promise<Uint8Array> {
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const c = await this.chunk();
      if (!c) return out.subarray(0, got);
      const k = Math.min(n - got, c.length);
      out.set(c.subarray(0, k), got);
      got += k;
      this.unread(c.subarray(k));
    }
    return out;
  }

  /** The bytes up to and with the next zero byte; null when the input ends first. */
  async zeroTerminated(): Promise<Uint8Array | null> {
    const parts: Uint8Array[] = [];
    for (;;) {
      const c = await this.chunk();
      if (!c) return null;
      const z = c.indexOf(0);
      if (z >= 0) {
        this.unread(c.subarray(z + 1));
        parts.push(c.subarray(0, z + 1));
        return concat(parts);
      }
      parts.push(c);
    }
  }

  close(): void {
    this.it.return?.(undefined)?.catch?.(() => {});
  }
}
