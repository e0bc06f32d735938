// The open sitemap file, mirrored on this side while the core writes it, for a platform that
// compresses a body before its file closes. Each stretch of body is copied out of the core once
// (the core then drops it) and handed on as a view; at the close the header and the rest are
// copied in front of and after it, so the whole file is one view too. The room is reserved, not
// touched: the system maps pages on first write. A buffer whose file is compressed can serve the
// next file (`spare`): its pages are mapped already, and copying into fresh pages costs several
// times the copy itself.

const HEADER_ROOM = 512; // the core's longest header is well under this

export class FileMirror {
  private buf: Uint8Array;
  /** Body bytes copied so far. */
  sent = 0;

  constructor(expectedBytes: number, spare?: Uint8Array) {
    this.buf = spare && spare.length >= HEADER_ROOM + expectedBytes ? spare : new Uint8Array(HEADER_ROOM + expectedBytes);
  }

  /** The buffer behind the views, to reuse once nothing reads them. */
  get buffer(): Uint8Array {
    return this.buf;
  }

  /** Copies the next stretch of body and returns it. */
  take(stretch: Uint8Array): Uint8Array {
    this.fit(this.sent + stretch.length);
    const from = HEADER_ROOM + this.sent;
    this.buf.set(stretch, from);
    this.sent += stretch.length;
    return this.buf.subarray(from, HEADER_ROOM + this.sent);
  }

  /** The closed file, whole, from what the core still holds of it: `headerLen` bytes of header, then the body not taken yet. */
  close(held: Uint8Array, headerLen: number): Uint8Array {
    if (headerLen > HEADER_ROOM) throw new Error(`a sitemap header of ${headerLen} bytes`);
    this.take(held.subarray(headerLen));
    this.buf.set(held.subarray(0, headerLen), HEADER_ROOM - headerLen);
    return this.buf.subarray(HEADER_ROOM - headerLen, HEADER_ROOM + this.sent);
  }

  /** Room for `bodyLen` bytes of body: one entry alone may pass the byte limit. */
  private fit(bodyLen: number): void {
    if (HEADER_ROOM + bodyLen <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(HEADER_ROOM + bodyLen, this.buf.length * 2));
    bigger.set(this.buf.subarray(0, HEADER_ROOM + this.sent));
    this.buf = bigger;
  }
}
