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

/** Reads until at least `n` bytes are seen (or the input ends); yields them first, then the rest. */
export async function peek(source: AsyncIterable<Uint8Array>, n: number): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    parts.push(r.value);
    size += r.value.length;
  }
  const head = concat(parts, size);
  const rest = {
    async *[Symbol.asyncIterator]() {
      if (done) return;
      while (true) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    },
  };
  return { head, rest };
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

/** `head`, then the rest of the stream (after a peek). */
export async function* prepend(head: Uint8Array, rest: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (head.length) yield head;
  yield* rest;
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
