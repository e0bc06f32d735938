// The entries of a zip, read as a stream with fflate's Unzip: each entry is yielded in turn as a
// stream of its own, inflated as it is read. Memory stays flat for any archive: the zip is pushed in
// small slices, so one push inflates to at most ~1,000 times a slice (deflate's best ratio); an entry
// left unread (or abandoned at a size limit) is muted, so its remaining data is skipped, not inflated.

import { Inflate, Unzip, UnzipPassThrough, type FlateError, type UnzipDecoder, type UnzipFile } from 'fflate';

/** A zip (or a zip entry) whose data cannot be read. */
export class InflateError extends Error {
  /**
   * `whole`: the data was all read, and what follows it is the fault; `said`: the message tells what
   * was read; otherwise the data broke off, and what came before was read.
   */
  constructor(message: string, readonly read: 'broken' | 'whole' | 'said' = 'broken') {
    super(message);
  }
}

export interface ZipEntry {
  name: string;
  chunks: AsyncIterable<Uint8Array>;
}

const SLICE = 4096;
const EMPTY = new Uint8Array(0);

/** Deflate for Unzip, that can be muted. */
class MutableInflate implements UnzipDecoder {
  static compression = 8;
  ondata!: UnzipDecoder['ondata'];
  private muted = false;
  private inflate = new Inflate((data, final) => this.ondata(null, data, final));

  push(chunk: Uint8Array, final: boolean): void {
    if (this.muted) {
      if (final) this.ondata(null, EMPTY, true);
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
}

export async function* zipEntries(source: AsyncIterable<Uint8Array>): AsyncGenerator<ZipEntry> {
  const it = source[Symbol.asyncIterator]();
  const unzip = new Unzip();
  unzip.register(UnzipPassThrough);
  unzip.register(MutableInflate);
  for (const method of UNSUPPORTED) unzip.register(refusing(method));
  const found: EntryState[] = [];
  unzip.onfile = (file) => {
    const st: EntryState = { queue: [], done: false, error: null, muted: false, file };
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
        return;
      }
      chunk = r.value;
      at = 0;
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
      if (next >= found.length) return;
      // Entries found while an earlier one was read come in order; one not yet done keeps its queue.
      const st = found[next++];
      const name = st.file.name;
      if (name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name)) {
        mute(st);
        continue;
      }
      yield { name, chunks: entryChunks(st) };
      mute(st);
    }
  } catch (e) {
    if (e instanceof InflateError) throw e;
    throw new InflateError(`the zip archive is damaged (${(e as Error).message})`);
  } finally {
    await it.return?.();
  }
}
