// Small pieces for streams of byte chunks, shared by the input decoder and the audit's reader.

/** The chunks joined into one array (the chunk itself when there is one). */
export function concat(parts: Uint8Array[], size = parts.reduce((n, p) => n + p.length, 0)): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Reads until at least `n` bytes are seen (or the input ends): those, and the rest of the stream. */
export async function peek(source: AsyncIterable<Uint8Array>, n: number): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < n) {
    const r = await it.next();
    if (r.done) break;
    parts.push(r.value);
    size += r.value.length;
  }
  return { head: concat(parts, size), rest: rest(it) };
}

/** What an iterator has left, as a stream: leaving it early closes the iterator (and the file under it). */
export function rest(it: AsyncIterator<Uint8Array>): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => it };
}

/** The first `n` bytes of a stream; the rest is left unread (the stream is closed there). */
export async function* firstBytes(chunks: AsyncIterable<Uint8Array>, n: number): AsyncGenerator<Uint8Array> {
  let left = n;
  for await (const chunk of chunks) {
    if (chunk.length >= left) {
      if (left > 0) yield chunk.subarray(0, left);
      return;
    }
    left -= chunk.length;
    yield chunk;
  }
}

/** `head`, then the rest of the stream (after a peek); left early, even before the rest, the rest is closed. */
export async function* prepend(head: Uint8Array, rest: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = rest[Symbol.asyncIterator]();
  let ended = false;
  try {
    if (head.length) yield head;
    for (;;) {
      const r = await it.next();
      if (r.done) break;
      yield r.value;
    }
    ended = true;
  } finally {
    if (!ended) await it.return?.();
  }
}

/**
 * UTF-16 bytes (its BOM already taken off) as UTF-8, chunk by chunk. A lone surrogate is written as
 * the three bytes UTF-8 forbids for it, and an odd last byte as 0xFF: the row holding one is refused
 * (`row-encoding`) as a row of bad UTF-8 is, not published with a U+FFFD in place.
 */
export async function* utf16ToUtf8(label: 'utf-16le' | 'utf-16be', chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const little = label === 'utf-16le';
  let carry = -1; // the odd byte at the end of the last chunk
  let high = 0; // a high surrogate waiting for its low half
  for await (const chunk of chunks) {
    let bytes = chunk;
    if (carry >= 0) {
      bytes = new Uint8Array(chunk.length + 1);
      bytes[0] = carry;
      bytes.set(chunk, 1);
    }
    const even = bytes.length & ~1;
    carry = even < bytes.length ? bytes[even] : -1;
    // At most three bytes of UTF-8 for each two of UTF-16 (four for a pair's four).
    const out = new Uint8Array((even / 2) * 3 + 3);
    let w = 0;
    for (let i = 0; i < even; i += 2) {
      const u = little ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
      if (high) {
        if (u >= 0xdc00 && u <= 0xdfff) {
          w = writeUtf8(out, w, 0x10000 + ((high - 0xd800) << 10) + (u - 0xdc00));
          high = 0;
          continue;
        }
        w = writeUtf8(out, w, high);
        high = 0;
      }
      // A lone low surrogate's three bytes are ones UTF-8 forbids, as a lone high one's below.
      if (u >= 0xd800 && u <= 0xdbff) high = u;
      else w = writeUtf8(out, w, u);
    }
    if (w > 0) yield out.subarray(0, w);
  }
  const tail = new Uint8Array(4);
  let t = high ? writeUtf8(tail, 0, high) : 0;
  if (carry >= 0) tail[t++] = 0xff;
  if (t > 0) yield tail.subarray(0, t);
}

/** Whether bytes start as gzip does (its magic number), whatever the name says. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** Whether bytes start as a zip does: an entry's header, or the directory's end of an empty one. */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}


/**
 * Writes code point `cp` as UTF-8 at `out[at]` (a surrogate as its three bytes, which decoders refuse);
 * returns where it ended.
 */
export function writeUtf8(out: Uint8Array, at: number, cp: number): number {
  if (cp < 0x80) {
    out[at] = cp;
    return at + 1;
  }
  if (cp < 0x800) {
    out[at] = 0xc0 | (cp >> 6);
    out[at + 1] = 0x80 | (cp & 0x3f);
    return at + 2;
  }
  if (cp < 0x10000) {
    out[at] = 0xe0 | (cp >> 12);
    out[at + 1] = 0x80 | ((cp >> 6) & 0x3f);
    out[at + 2] = 0x80 | (cp & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (cp >> 18);
  out[at + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[at + 3] = 0x80 | (cp & 0x3f);
  return at + 4;
}
