// A deterministic zip, written as a stream with fflate: fixed timestamps, entries in the order added,
// gzipped files stored as they are (deflating them twice gains nothing), the rest deflated.

import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { concat } from '../input/byte-streams.ts';

// fflate writes DOS time from local date fields, so a date built from local fields is the same
// 1980-01-01 00:00 in every timezone.
const MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** A stored entry whose CRC-32 is already known (fflate's own is a byte-at-a-time loop in JS). */
class StoredWithCrc extends ZipPassThrough {
  constructor(name: string, crc: number) {
    super(name);
    this.crc = crc;
  }

  override push(chunk: Uint8Array, final = false): void {
    this.size += chunk.length;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }
}

export class ZipWriter {
  private zip: Zip;
  private writing: Promise<void> = Promise.resolve();
  private failed: Error | null = null;
  private finished!: () => void;
  readonly done: Promise<void>;

  constructor(
    onChunk: (chunk: Uint8Array) => void | Promise<void>,
    private onFile?: (name: string, data: Uint8Array) => void | Promise<void>,
    /** A fast CRC-32 where the platform has one. */
    private crc32?: (data: Uint8Array) => number,
  ) {
    this.done = new Promise((resolve) => (this.finished = resolve));
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failed = err;
        return;
      }
      this.writing = this.writing.then(() => onChunk(chunk));
      if (final) this.writing.then(this.finished, (e) => ((this.failed = e), this.finished()));
    });
  }

  /** Adds a file as it is (for `.gz` files). */
  store(name: string, data: Uint8Array): void {
    const entry = this.crc32 ? new StoredWithCrc(name, this.crc32(data)) : new ZipPassThrough(name);
    entry.mtime = MTIME;
    this.zip.add(entry);
    entry.push(data, true);
    this.toFile(name, data);
  }

  private toFile(name: string, data: Uint8Array): void {
    const onFile = this.onFile;
    if (onFile) this.writing = this.writing.then(() => onFile(name, data));
  }

  /** Adds a file deflated, from parts pushed in order; returns the function that pushes them. */
  deflate(name: string): (part: Uint8Array, final: boolean) => void {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = MTIME;
    this.zip.add(entry);
    const parts: Uint8Array[] = [];
    return (part, final) => {
      entry.push(part, final);
      if (!this.onFile) return;
      parts.push(part);
      if (final) this.toFile(name, concat(parts));
    };
  }

  /** Resolves when the data written so far has reached the sink (back-pressure for big outputs). */
  drained(): Promise<void> {
    return this.writing;
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.done;
    if (this.failed) throw this.failed;
  }
}
