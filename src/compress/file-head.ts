// The first bytes of a file whose body went to compression in pieces, kept for its preview.

/** How much of the body is kept. */
const HEAD = 1 << 16;

/** The body's first bytes, copied from its first piece. */
export function bodyHeadOf(firstPiece: Uint8Array): Uint8Array {
  return firstPiece.slice(0, HEAD);
}

/** The header, then the body's first bytes: those kept from its first piece, else from the tail. */
export function fileHead(header: Uint8Array, bodyHead: Uint8Array | null, tail: Uint8Array): Uint8Array {
  const body = bodyHead ?? tail;
  const head = new Uint8Array(header.length + Math.min(HEAD, body.length));
  head.set(header);
  head.set(body.subarray(0, head.length - header.length), header.length);
  return head;
}
