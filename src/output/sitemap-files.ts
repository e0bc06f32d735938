// Finished sitemap files → gzip → zip, in order. Compression runs ahead of the zip by a small,
// fixed number of files, so parsing overlaps it and memory stays bounded.

import type { ResolvedOptions } from '../generate/options.ts';
import type { FileInfo, GzipAhead, Platform } from '../types.ts';
import type { ZipWriter } from '../compress/zip.ts';
import { urlsetHeader } from './urlset.ts';

const IN_FLIGHT = 2;
const HEAD_BYTES = 2048;
const MAX_HEAD_BYTES = 1 << 16;
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

interface Pending {
  info: FileInfo;
  job: Promise<{ stored: Uint8Array; sha256: string }>;
}

export interface SitemapFile extends FileInfo {
  /** The file's index `<lastmod>`: the latest lastmod in the file, or empty when none. */
  lastmod: string;
}

/** Where the files the core closes go: straight to the zip, or through sections and stable updates. */
export interface SitemapOutput {
  readonly files: SitemapFile[];
  readonly aheadBytes: number;
  body(bytes: Uint8Array): void;
  addSitemap(rest: Uint8Array, urls: number, lastmod: string, headerLength?: number): Promise<void>;
  flush(): Promise<void>;
  /** Lets the open file's compression go (a run that ended early). */
  drop(): void;
  /** The namespaces (`Namespace` bits) the open file most likely declares: its input's extension columns'. */
  expectNamespaces(ns: number): void;
}

export function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export class Output implements SitemapOutput {
  readonly files: SitemapFile[] = [];
  private pending: Pending[] = [];
  /** The open file's gzip (none when the files are not gzipped). */
  private ahead: GzipAhead | null;

  constructor(
    private opts: ResolvedOptions,
    private platform: Platform,
    private zip: ZipWriter,
    /** False when whole files come in (sections, stable updates): nothing is compressed ahead. */
    ahead = true,
  ) {
    this.ahead = opts.gzip && ahead ? platform.gzipAhead(opts.gzipLevel, opts.format === 'xml' ? urlsetHeader(0) : new Uint8Array(0)) : null;
  }

  /** How much of the open file's body to collect before handing it to `body`; 0 when nothing is compressed before the file closes. */
  get aheadBytes(): number {
    return this.ahead?.pieceBytes ?? 0;
  }

  /** The next bytes of the open file's body (see `aheadBytes`). */
  body(bytes: Uint8Array): void {
    this.ahead?.body(bytes);
  }

  fileName(n: number): string {
    return `${this.opts.prefix}-${n}.${this.opts.format}${this.opts.gzip ? '.gz' : ''}`;
  }

  /**
   * A closed file, read during the call only: `headerLength` bytes of header, then the body not yet
   * handed to `body` (all of it when nothing went ahead).
   */
  async addSitemap(rest: Uint8Array, urls: number, lastmod: string, headerLength = 0): Promise<void> {
    const name = this.fileName(this.files.length + this.pending.length + 1);
    const ahead = this.ahead;
    let info: SitemapFile;
    let stored: Promise<Uint8Array>;
    if (ahead) {
      const closed = ahead.finish(rest, headerLength);
      this.ahead = ahead.next();
      info = { name, urls, bytes: closed.size, sha256: '', head: headOf(closed.head), lastmod };
      stored = closed.gzip;
    } else {
      const bytes = rest.slice();
      info = { name, urls, bytes: bytes.length, sha256: '', head: headOf(bytes), lastmod };
      // Gzipped here only when whole files come in (no gzip went ahead).
      stored = this.opts.gzip ? this.platform.gzip(bytes, this.opts.gzipLevel) : Promise.resolve(bytes);
    }
    await this.queue(info, stored);
  }

  /** A whole file made elsewhere (sections, stable updates), named and gzipped here; the bytes become the output's. */
  async addWhole(name: string, bytes: Uint8Array, urls: number, lastmod: string, section?: string): Promise<void> {
    const info: SitemapFile = { name, urls, bytes: bytes.length, sha256: '', head: headOf(bytes), lastmod, section };
    await this.queue(info, this.opts.gzip ? this.platform.gzip(bytes, this.opts.gzipLevel) : Promise.resolve(bytes));
  }

  /** A file kept as it was published: its stored bytes (gzip included) go to the zip as they are. */
  async addStored(name: string, raw: Uint8Array, stored: Uint8Array, urls: number, lastmod: string, section?: string): Promise<void> {
    const info: SitemapFile = { name, urls, bytes: raw.length, sha256: '', head: headOf(raw), lastmod, section };
    await this.queue(info, Promise.resolve(stored));
  }

  private async queue(info: SitemapFile, stored: Promise<Uint8Array>): Promise<void> {
    const platform = this.platform;
    const job = stored.then(async (s) => ({ stored: s, sha256: hex(await platform.sha256(s)) }));
    job.catch(() => {}); // awaited in order by flushOne; this keeps an early failure from going unhandled
    this.pending.push({ info, job });
    while (this.pending.length > IN_FLIGHT) await this.flushOne();
  }

  private async flushOne(): Promise<void> {
    const { info, job } = this.pending.shift()!;
    const { stored, sha256 } = await job;
    info.sha256 = sha256;
    if (this.opts.gzip) info.gzipBytes = stored.length;
    this.zip.store(info.name, stored);
    this.files.push(info as SitemapFile);
    await this.zip.drained();
  }

  async flush(): Promise<void> {
    while (this.pending.length) await this.flushOne();
  }

  drop(): void {
    this.ahead?.drop();
  }

  expectNamespaces(ns: number): void {
    if (this.opts.format === 'xml') this.ahead?.expect(urlsetHeader(ns));
  }
}

/** The first lines of a file for previews: about HEAD_BYTES cut at a line end, and at least three whole lines (the first `<url>`). */
function headOf(bytes: Uint8Array): string {
  if (bytes.length <= HEAD_BYTES) return decoder.decode(bytes);
  let end = 0;
  let lines = 0;
  for (let i = 0; i < bytes.length && i < MAX_HEAD_BYTES; i++) {
    if (bytes[i] !== 0x0a) continue;
    if (i >= HEAD_BYTES && lines >= 3) break;
    lines++;
    end = i + 1;
  }
  return decoder.decode(bytes.subarray(0, end || HEAD_BYTES));
}
