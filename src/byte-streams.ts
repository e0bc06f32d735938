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

/** UTF-16 bytes (its BOM already taken off) as UTF-8, chunk by chunk. */
export async function* utf16ToUtf8(label: 'utf-16le' | 'utf-16be', chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder(label);
  const encoder = new TextEncoder();
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield encoder.encode(text);
  }
  const tail = decoder.decode();
  if (tail) yield encoder.encode(tail);
}
