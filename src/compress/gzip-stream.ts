// gzip with the Compression Streams API, the bytes written straight in (no Blob round trip).
// Browsers give no level: their default, zlib's 6, is used.

export async function gzipHere(data: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const writer = stream.writable.getWriter();
  // Not awaited before reading: the write only completes as the output is read.
  const written = writer.write(data).then(() => writer.close());
  const out = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await written;
  return out;
}
