// Buffers for the pieces of one run's files, in Node and in the browser alike.

import { PIECE } from './piece-size.ts';

/** Free piece buffers kept for the next pieces: enough for a few compressing and a few waiting. */
const SPARE_PIECES = 8;

/**
 * A piece is copied out of the writer into one of these buffers and compressed from there; once it
 * is compressed, the buffer serves a later piece. Pages already mapped are several times cheaper to
 * copy into than fresh ones, and the memory held is a few pieces, not a file.
 */
export class PiecePool {
  private free: ArrayBuffer[] = [];

  /** `spare`: how many free buffers are kept; more are let go. */
  constructor(private spare = SPARE_PIECES) {}

  take(): Uint8Array<ArrayBuffer> {
    const buffer = this.free.pop();
    return buffer ? new Uint8Array(buffer) : new Uint8Array(PIECE);
  }

  give(buffer: ArrayBuffer): void {
    if (this.free.length < this.spare && buffer.byteLength === PIECE) this.free.push(buffer);
  }
}
