// The open sitemap file, mirrored on this side while the core writes it, for a platform that
// compresses a body before its file closes. Each stretch of body is copied out of the core once and
// handed on as a view; at the close only the header and the rest are copied, in front of and after
// it, so the whole file is one view too. The room is reserved, not touched: the system maps pages
// on first write. A buffer whose file is compressed can serve the next file (`spare`): its pages are
// mapped already, and copying into fresh pages costs several times the copy itself.

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

  /** Copies the body from `sent` to `bodyLen` (core memory `mem`, body at `bodyPtr`) and returns that stretch. */
  take(mem: Uint8Array, bodyPtr: number, bodyLen: number): Uint8Array {
    this.fit(bodyLen);
    const from = HEADER_ROOM + this.sent;
    this.buf.set(mem.subarray(bodyPtr + this.sent, bodyPtr + bodyLen), from);
    this.sent = bodyLen;
    return this.buf.subarray(from, HEADER_ROOM + bodyLen);
  }

  /** The closed file (`fileLen` bytes at `filePtr`, its first `headerLen` the header), whole. */
  close(mem: Uint8Array, filePtr: number, fileLen: number, headerLen: number): Uint8Array {
    if (headerLen > HEADER_ROOM) throw new Error(`a sitemap header of ${headerLen} bytes`);
    const bodyPtr = filePtr + headerLen;
    this.take(mem, bodyPtr, fileLen - headerLen);
    this.buf.set(mem.subarray(filePtr, bodyPtr), HEADER_ROOM - headerLen);
    return this.buf.subarray(HEADER_ROOM - headerLen, HEADER_ROOM + fileLen - headerLen);
  }

  /** Room for `bodyLen` bytes of body: one entry alone may pass the byte limit. */
  private fit(bodyLen: number): void {
    if (HEADER_ROOM + bodyLen <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(HEADER_ROOM + bodyLen, this.buf.length * 2));
    bigger.set(this.buf.subarray(0, HEADER_ROOM + this.sent));
    this.buf = bigger;
  }
}
