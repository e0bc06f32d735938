// Finished sitemap files → gzip → zip, in order. Compression runs ahead of the zip by a small,
// fixed number of files, so parsing overlaps it and memory stays bounded.

import type { ResolvedOptions } from '../generate/options.ts';
import type { FileInfo, GzipAhead, Platform } from '../types.ts';
import type { ZipWriter } from '../compress/zip.ts';

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
  /** The latest lastmod in the file, for its index entry; empty when none. */
  lastmod: string;
}

export function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export class Output {
  readonly files: SitemapFile[] = [];
  private pending: Pending[] = [];
  /** The open file's gzip (none when the files are not gzipped). */
  private ahead: GzipAhead | null;

  constructor(
    private opts: ResolvedOptions,
    private platform: Platform,
    private zip: ZipWriter,
  ) {
    this.ahead = opts.gzip ? platform.gzipAhead(opts.gzipLevel) : null;
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
      stored = Promise.resolve(bytes);
    }
    const job = stored.then(async (s) => ({ stored: s, sha256: hex(await this.platform.sha256(s)) }));
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
