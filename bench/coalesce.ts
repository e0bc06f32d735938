/**
 * Object-mode string writes in, 64 KiB buffers out.
 *
 * SitemapStream pushes one small string per tag; fed straight into zlib, every one of them becomes its
 * own compression call. Coalescing first is what a careful user would add, so the peer is measured
 * with its XML generation, not with a per-write zlib overhead.
 */
import { Transform, type TransformCallback } from 'node:stream';

export const COALESCE_BYTES = 64 * 1024;

export class Coalesce extends Transform {
  private pending = '';

  constructor(private readonly size = COALESCE_BYTES) {
    super({ writableObjectMode: true });
  }

  override _transform(chunk: string | Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    // The XML is nearly all ASCII, so string length is a close enough proxy for bytes.
    if (this.pending.length >= this.size) {
      this.push(Buffer.from(this.pending, 'utf8'));
      this.pending = '';
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.pending.length > 0) this.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
    callback();
  }
}
