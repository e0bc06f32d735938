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
    const put3 = (u: number) => {
      out[w++] = 0xe0 | (u >> 12);
      out[w++] = 0x80 | ((u >> 6) & 0x3f);
      out[w++] = 0x80 | (u & 0x3f);
    };
    for (let i = 0; i < even; i += 2) {
      const u = little ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
      if (high) {
        if (u >= 0xdc00 && u <= 0xdfff) {
          const cp = 0x10000 + ((high - 0xd800) << 10) + (u - 0xdc00);
          out[w++] = 0xf0 | (cp >> 18);
          out[w++] = 0x80 | ((cp >> 12) & 0x3f);
          out[w++] = 0x80 | ((cp >> 6) & 0x3f);
          out[w++] = 0x80 | (cp & 0x3f);
          high = 0;
          continue;
        }
        put3(high);
        high = 0;
      }
      if (u < 0x80) out[w++] = u;
      else if (u < 0x800) {
        out[w++] = 0xc0 | (u >> 6);
        out[w++] = 0x80 | (u & 0x3f);
      } else if (u >= 0xd800 && u <= 0xdbff) high = u;
      else put3(u); // a lone low surrogate's three bytes are ones UTF-8 forbids
    }
    if (w > 0) yield out.subarray(0, w);
  }
  const tail: number[] = [];
  if (high) tail.push(0xe0 | (high >> 12), 0x80 | ((high >> 6) & 0x3f), 0x80 | (high & 0x3f));
  if (carry >= 0) tail.push(0xff);
  if (tail.length) yield new Uint8Array(tail);
}

/** Whether bytes start as gzip does (its magic number), whatever the name says. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}
