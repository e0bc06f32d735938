// The entries of one zip read one after another, each as a stream, from one pass over the archive:
// reading entry k after entry j < k goes on from where j was, instead of from the archive's start
// (which made reading every entry of a zip in turn quadratic: 1,000 lists took minutes). Asking for
// an entry at or before the last one starts the archive again; so does asking while another entry
// is still being read, which then gets a pass of its own and leaves the shared one as it is.

import { zipEntries, type ZipEntry } from './zip-entries.ts';

export class ZipCursor {
  private entries: AsyncGenerator<ZipEntry> | null = null;
  /** The index of the entry the shared pass gave last; -1 before the first. */
  private at = -1;
  private reading = false;

  constructor(private archive: () => AsyncIterable<Uint8Array>) {}

  /** The bytes of the entry at `index` (in the order zipEntries gives them), inflated. */
  async *entry(index: number): AsyncGenerator<Uint8Array> {
    if (this.reading) {
      yield* entryOf(zipEntries(this.archive()), index, -1);
      return;
    }
    if (this.entries === null || this.at >= index) {
      await this.entries?.return(undefined);
      this.entries = zipEntries(this.archive());
      this.at = -1;
    }
    this.reading = true;
    try {
      const entries = this.entries;
      while (this.at < index) {
        const r = await entries.next();
        if (r.done) return;
        if (++this.at === index) yield* r.value.chunks;
      }
    } finally {
      this.reading = false;
    }
  }
}

async function* entryOf(entries: AsyncGenerator<ZipEntry>, index: number, at: number): AsyncGenerator<Uint8Array> {
  try {
    for await (const entry of entries) {
      if (++at === index) {
        yield* entry.chunks;
        return;
      }
    }
  } finally {
    await entries.return(undefined);
  }
}
