// Archives that inflate far past their size, made as streams (the inflated data is never whole in memory).

import { createGzip } from 'node:zlib';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const MB = 1 << 20;

/** `head`, then `mb` MiB of the byte `fill`, then `tail`, gzipped. */
export async function gzipBomb(head: string, fill: number, mb: number, tail = ''): Promise<Uint8Array> {
  const gz = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gz.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((resolve) => gz.on('end', resolve));
  gz.write(head);
  const block = new Uint8Array(MB).fill(fill);
  for (let i = 0; i < mb; i++) if (!gz.write(block)) await new Promise((resolve) => gz.once('drain', resolve));
  gz.end(tail);
  await ended;
  return new Uint8Array(Buffer.concat(out));
}

/** A zip of `entries`: a string is deflated as it is; `{ head, fill, mb, tail }` is deflated as a stream of that many MiB. */
export function zipOf(entries: Record<string, string | Uint8Array | { head: string; fill: number; mb: number; tail?: string }>): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  const enc = new TextEncoder();
  for (const [name, body] of Object.entries(entries)) {
    if (body instanceof Uint8Array) {
      const e = new ZipPassThrough(name);
      zip.add(e);
      e.push(body, true);
      continue;
    }
    const e = new ZipDeflate(name, { level: 9 });
    zip.add(e);
    if (typeof body === 'string') {
      e.push(enc.encode(body), true);
      continue;
    }
    e.push(enc.encode(body.head));
    const block = new Uint8Array(MB).fill(body.fill);
    for (let i = 0; i < body.mb; i++) e.push(block);
    e.push(enc.encode(body.tail ?? ''), true);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
