// Small pieces for streams of byte chunks, shared by the input decoder and the audit's reader.

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
