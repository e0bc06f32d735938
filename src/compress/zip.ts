// A deterministic zip, written as a stream (zip-framing.ts, ZIP64 where it must): fixed timestamps,
// entries in the order added, gzipped files stored as they are (deflating them twice gains nothing),
// the rest deflated by the platform's zlib (fflate's deflate in JS took 4.8 s of a 1M-row crawl's
// 25 s, for an 84 MB report.csv on the main thread).

import { concat } from '../input/byte-streams.ts';
import type { HeldBytes, Platform } from '../types.ts';
import { ZipFraming, type FramedEntry } from './zip-framing.ts';

/** A file deflated aside (see `ZipWriter.deflateAside`). */
export interface DeflateAside {
  /** The next part, read later (it must stay as it is); `final` on the last. */
  push(part: Uint8Array, final: boolean): void;
  /** Resolves when few enough pushed bytes wait to be compressed (back-pressure for the writer). */
  room(): Promise<void>;
  /** After the last part: the file, compressed, into the zip at this point. */
  place(): Promise<void>;
}

/** Bytes held in memory, where the platform has nowhere else to keep them. */
function heldInMemory(): HeldBytes {
  let chunks: Uint8Array[] = [];
  return {
    push: (chunk) => void chunks.push(chunk),
    *read() {
      const all = chunks;
      chunks = [];
      yield* all;
    },
    close: () => void (chunks = []),
  };
}

/** Pushed bytes a file deflated aside lets wait before its writer is held back. */
const ASIDE_WAITING = 4 << 20;

export class ZipWriter {
  private zip: ZipFraming;
  private writing: Promise<void> = Promise.resolve();
  /** The deflated entries the platform is compressing, in order. */
  private compressing: Promise<void> = Promise.resolve();
  private failed: Error | null = null;
  /** Where files deflated aside keep their compressed bytes. */
  private held: HeldBytes[] = [];
  private finished!: () => void;
  readonly done: Promise<void>;

  constructor(
    onChunk: (chunk: Uint8Array) => void | Promise<void>,
    /** Its CRC-32 and raw deflate. */
    private platform: Pick<Platform, 'crc32' | 'deflateRaw' | 'holdAside'>,
    private onFile?: (name: string, data: Uint8Array) => void | Promise<void>,
  ) {
    this.done = new Promise((resolve) => (this.finished = resolve));
    this.zip = new ZipFraming((chunk, final) => {
      this.writing = this.writing.then(() => onChunk(chunk));
      if (final) this.writing.then(this.finished, (e) => ((this.failed = e), this.finished()));
    });
  }

  /** Adds a file as it is (for `.gz` files). */
  store(name: string, data: Uint8Array): void {
    const entry = this.zip.add(name, 0);
    entry.crc = this.platform.crc32(data);
    entry.size = data.length;
    entry.data(data, true);
    this.toFile(name, data);
  }

  /** The next entry of the zip, deflated: its data comes compressed, its CRC and size set before its end. */
  private added(name: string): FramedEntry {
    return this.zip.add(name, 8);
  }

  private toFile(name: string, data: Uint8Array): void {
    const onFile = this.onFile;
    if (onFile) this.writing = this.writing.then(() => onFile(name, data));
  }

  /**
   * Adds a file deflated, from parts pushed in order; returns the function that pushes them. The
   * platform's zlib compresses the parts off the main thread; the CRC and size are counted here.
   */
  deflate(name: string, level = 6): (part: Uint8Array, final: boolean) => void {
    const { crc32, deflateRaw } = this.platform;
    const entry = this.added(name);
    let held: Uint8Array | null = null;
    // One output chunk is held back, so the last one goes out marked final.
    const z = deflateRaw(level, (chunk) => {
      if (held) entry.data(held, false);
      held = chunk;
    });
    let crc = 0;
    let size = 0;
    const parts: Uint8Array[] = [];
    return (part: Uint8Array, final: boolean) => {
      crc = crc32(part, crc);
      size += part.length;
      if (this.onFile) parts.push(part);
      this.compressing = this.compressing.then(async () => {
        await z.write(part);
        if (!final) return;
        await z.end();
        entry.crc = crc;
        entry.size = size;
        entry.data(held ?? new Uint8Array(0), true);
        if (this.onFile) this.toFile(name, concat(parts));
      });
    };
  }

  /**
   * A deflated file that compresses as its parts come but takes its place in the zip only at
   * `place()`, after what was added before then: report.csv, written while the run goes on, still
   * comes after the sitemaps. Meanwhile only its compressed bytes are held. `taken` gets each part
   * back once it is read.
   */
  deflateAside(name: string, level = 6, taken?: (part: Uint8Array) => void): DeflateAside {
    const { crc32, deflateRaw } = this.platform;
    const held = this.platform.holdAside?.() ?? heldInMemory();
    this.held.push(held);
    const z = deflateRaw(level, (chunk) => held.push(chunk));
    let crc = 0;
    let size = 0;
    /** Bytes pushed and not yet taken by the deflate stream. */
    let waiting = 0;
    const parts: Uint8Array[] = [];
    let compressing: Promise<void> = Promise.resolve();
    return {
      push: (part, final) => {
        crc = crc32(part, crc);
        size += part.length;
        waiting += part.length;
        if (this.onFile) parts.push(part);
        compressing = compressing.then(async () => {
          await z.write(part);
          waiting -= part.length;
          // Read and done with, unless kept whole for `onFile`: the writer may use it again.
          if (taken && !this.onFile) taken(part);
          if (final) await z.end();
        });
        compressing.catch(() => {}); // a failure is awaited by room() or place()
      },
      room: async () => {
        if (waiting > ASIDE_WAITING) await compressing;
      },
      place: async () => {
        await compressing;
        const entry = this.added(name);
        // One chunk read ahead, so the last goes out marked final; each reaches the sink before the next is read.
        let last: Uint8Array | null = null;
        for (const chunk of held.read()) {
          if (last) {
            entry.data(last, false);
            await this.writing;
          }
          last = chunk;
        }
        entry.crc = crc;
        entry.size = size;
        entry.data(last ?? new Uint8Array(0), true);
        if (this.onFile) this.toFile(name, concat(parts));
      },
    };
  }

  /** Resolves when the data written so far has reached the sink (back-pressure for big outputs). */
  async drained(): Promise<void> {
    await this.compressing;
    await this.writing;
  }

  /** Lets go of what files deflated aside still hold (a run that ended before their place). */
  close(): void {
    for (const held of this.held) held.close();
  }

  async end(): Promise<void> {
    await this.compressing;
    try {
      this.zip.end();
    } catch (e) {
      this.failed = e as Error;
      this.finished();
    }
    await this.done;
    if (this.failed) throw this.failed;
  }
}
