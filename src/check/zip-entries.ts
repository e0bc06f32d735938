// The entries of a zip, read as a stream with fflate's Unzip: each entry is yielded in turn as a
// stream of its own, inflated as it is read. Memory stays flat for any archive: the zip is pushed in
// small slices, so one push inflates to at most ~1,000 times a slice (deflate's best ratio); an entry
// left unread (or abandoned at a size limit) is muted, so its remaining data is skipped, not inflated.
// An entry wanted later (a workbook's sheet that comes before the parts it needs) can be kept as
// stored, deflated, and inflated when its turn comes, with `inflateStored`.

import { Inflate, Unzip, UnzipPassThrough, type FlateError, type UnzipDecoder, type UnzipFile } from 'fflate';

/** A zip (or a zip entry) whose data cannot be read. */
export class InflateError extends Error {
  /**
   * `whole`: the data was all read, and what follows it is the fault; otherwise the data broke off,
   * and what came before was read.
   */
  constructor(message: string, readonly read: 'broken' | 'whole' = 'broken') {
    super(message);
  }
}

export interface ZipEntry {
  name: string;
  chunks: AsyncIterable<Uint8Array>;
  /** The chunks are the entry's deflate stream as stored (`keepDeflated` asked for it): see inflateStored. */
  deflated?: boolean;
}

const SLICE = 4096;
/** The end record (22 bytes) and the longest comment a zip may end with. */
const END_SEARCH = 22 + 0xffff;
const STORED_SLICE = 16384;
const EMPTY = new Uint8Array(0);

/** Deflate for Unzip, that can be muted; `stored` passes the deflate stream on as it is. */
class MutableInflate implements UnzipDecoder {
  static compression = 8;
  ondata!: UnzipDecoder['ondata'];
  private muted = false;
  private inflate = new Inflate((data, final) => this.ondata(null, data, final));

  constructor(private stored = false) {}

  push(chunk: Uint8Array, final: boolean): void {
    if (this.muted) {
      if (final) this.ondata(null, EMPTY, true);
      return;
    }
    if (this.stored) {
      this.ondata(null, chunk as typeof EMPTY, final);
      return;
    }
    try {
      this.inflate.push(chunk, final);
    } catch (e) {
      this.muted = true;
      this.ondata(e as FlateError, EMPTY, true);
    }
  }

  terminate(): void {
    this.muted = true;
  }
}

/**
 * Compression methods fflate cannot read (Deflate64, bzip2, LZMA, Zstandard, xz, PPMd, AES): their
 * data is refused as it comes, so it is neither inflated nor held in memory.
 */
const UNSUPPORTED = [9, 12, 14, 93, 95, 98, 99];

function refusing(method: number) {
  return class Refuse implements UnzipDecoder {
    static compression = method;
    ondata!: UnzipDecoder['ondata'];
    private told = false;

    push(): void {
      if (this.told) return;
      this.told = true;
      const e = new Error(`compression method ${method} is not supported (store or deflate the entry)`) as FlateError;
      this.ondata(e, EMPTY, true);
    }
  };
}

interface EntryState {
  queue: Uint8Array[];
  done: boolean;
  error: Error | null;
  muted: boolean;
  file: UnzipFile;
  deflated: boolean;
}

/**
 * `keepDeflated` is asked about each entry as it is found (before the entries ahead of it are read
 * through): a deflated entry it wants comes as its stored deflate stream, `deflated` set.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A name without the zip's UTF-8 flag comes read as Latin-1; when its bytes are UTF-8, they are
 * UTF-8 (`Geräte.csv`, not `GerÃ¤te.csv`): what most tools write, flag or not.
 */
export function utf8Name(name: string): string {
  if (!/[\x80-\xff]/.test(name) || /[^\x00-\xff]/.test(name)) return name;
  try {
    return strictUtf8.decode(Uint8Array.from(name, (c) => c.charCodeAt(0)));
  } catch {
    return name;
  }
}

export async function* zipEntries(source: AsyncIterable<Uint8Array>, keepDeflated: (name: string) => boolean = () => false): AsyncGenerator<ZipEntry> {
  const it = source[Symbol.asyncIterator]();
  const unzip = new Unzip();
  unzip.register(UnzipPassThrough);
  // Unzip makes the decoder in file.start(), right after onfile has decided.
  let storedNext = false;
  unzip.register(
    class extends MutableInflate {
      constructor() {
        super(storedNext);
      }
    },
  );
  for (const method of UNSUPPORTED) unzip.register(refusing(method));
  const found: EntryState[] = [];
  unzip.onfile = (file) => {
    const st: EntryState = { queue: [], done: false, error: null, muted: false, file, deflated: false };
    st.deflated = storedNext = file.compression === 8 && keepDeflated(file.name);
    file.ondata = (err, data, final) => {
      if (err) st.error = err;
      else if (!st.muted && data.length) st.queue.push(data);
      if (final || err) st.done = true;
    };
    try {
      file.start();
    } catch (e) {
      st.error = e as Error;
      st.done = true;
    }
    found.push(st);
  };

  let chunk: Uint8Array = EMPTY;
  let at = 0;
  let ended = false;
  const tail = new ZipTail();
  /** The archive opens with an entry's header (an empty zip opens with its directory's end). */
  let opensEntry: boolean | null = null;
  /** Pushes the next slice of the archive into Unzip. */
  const pump = async (): Promise<void> => {
    if (at >= chunk.length) {
      const r = await it.next();
      if (r.done) {
        ended = true;
        try {
          unzip.push(EMPTY, true);
        } catch (e) {
          throw new InflateError(`the zip archive is cut short (${(e as Error).message})`);
        }
        // An archive whose first entry cannot be read is told so below.
        if (found.length === 0 && opensEntry) return;
        // Cut where an entry ends, a zip reads as a smaller one: its end record says how many it holds.
        const listed = tail.entriesListed();
        if (listed === null) throw new InflateError('the zip archive is cut short (its end record is missing)');
        if (listed !== undefined && listed !== found.length) throw new InflateError(`the zip archive is damaged: its directory lists ${listed} entries; ${found.length} are in the archive`);
        return;
      }
      chunk = r.value;
      tail.push(chunk);
      at = 0;
      opensEntry ??= chunk.length >= 4 && chunk[0] === 0x50 && chunk[1] === 0x4b && chunk[2] === 3 && chunk[3] === 4;
    }
    const slice = chunk.subarray(at, at + SLICE);
    at += slice.length;
    try {
      unzip.push(slice, false);
    } catch (e) {
      throw new InflateError(`the zip archive is damaged (${(e as Error).message})`);
    }
  };

  const mute = (st: EntryState) => {
    st.muted = true;
    st.queue.length = 0;
    st.file.terminate();
  };

  async function* entryChunks(st: EntryState): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        if (st.queue.length) {
          yield st.queue.shift()!;
          continue;
        }
        if (st.error) throw new InflateError(`the entry does not inflate (${st.error.message})`);
        if (st.done) return;
        if (ended) throw new InflateError('the archive ends inside this entry');
        await pump();
      }
    } finally {
      mute(st);
    }
  }

  try {
    let next = 0;
    for (;;) {
      while (next >= found.length && !ended) await pump();
      if (next >= found.length) {
        if (found.length === 0 && opensEntry) throw new InflateError('the zip archive is damaged: it opens an entry that cannot be read');
        return;
      }
      // Entries found while an earlier one was read come in order; one not yet done keeps its queue.
      const st = found[next++];
      const name = utf8Name(st.file.name);
      if (name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name)) {
        mute(st);
        continue;
      }
      yield { name, chunks: entryChunks(st), deflated: st.deflated || undefined };
      mute(st);
    }
  } catch (e) {
    if (e instanceof InflateError) throw e;
    throw new InflateError(`the zip archive is damaged (${(e as Error).message})`);
  } finally {
    await it.return?.();
  }
}

/** The last bytes of an archive, to find its end of central directory record among them. */
class ZipTail {
  private parts: Uint8Array[] = [];
  private size = 0;

  push(chunk: Uint8Array): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    while (this.size - this.parts[0].length >= END_SEARCH) this.size -= this.parts.shift()!.length;
  }

  /** The entries the end record counts; null without one; undefined when a ZIP64 count is out of sight. */
  entriesListed(): number | null | undefined {
    const t = new Uint8Array(this.size);
    let o = 0;
    for (const p of this.parts) {
      t.set(p, o);
      o += p.length;
    }
    const v = new DataView(t.buffer);
    for (let i = t.length - 22; i >= 0 && i >= t.length - END_SEARCH; i--) {
      if (v.getUint32(i, true) !== 0x06054b50) continue;
      const count = v.getUint16(i + 10, true);
      if (count !== 0xffff) return count;
      // ZIP64: the locator (20 bytes) just before, and its record (56 bytes and more) before that.
      const record = i - 20 - 56;
      if (i >= 20 && v.getUint32(i - 20, true) === 0x07064b50 && record >= 0 && v.getUint32(record, true) === 0x06064b50) {
        return Number(v.getBigUint64(record + 32, true));
      }
      return undefined;
    }
    return null;
  }
}

/**
 * A stored deflate stream, inflated as it is read: pushed in slices, so one step gives out at most
 * ~1,000 times a slice however much the data compresses. The slices are larger than the archive's:
 * fflate copies its 32 KiB window on every push, and 16 KiB read a 90 MB sheet in half the time 4 KiB
 * take, for at most 16 MB a step.
 */
export function* inflateStored(parts: Iterable<Uint8Array>): Generator<Uint8Array> {
  const out: Uint8Array[] = [];
  let ended = false;
  const inflate = new Inflate((data, final) => {
    if (data.length) out.push(data);
    if (final) ended = true;
  });
  const step = (slice: Uint8Array, final: boolean) => {
    try {
      inflate.push(slice, final);
    } catch (e) {
      throw new InflateError(`the entry does not inflate (${(e as Error).message})`);
    }
  };
  for (const part of parts) {
    for (let at = 0; at < part.length && !ended; at += STORED_SLICE) {
      step(part.subarray(at, at + STORED_SLICE), false);
      yield* out.splice(0);
    }
  }
  if (!ended) step(EMPTY, true);
  yield* out.splice(0);
}
