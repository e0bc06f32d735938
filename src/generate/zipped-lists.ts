// The lists in a zip that holds no sitemap: Search Console's "Download CSV" is such a zip, Pages.csv
// beside Queries.csv, Countries.csv, Devices.csv…, in the UI's language. Each CSV entry is an input
// of its own (`export.zip/Pages.csv`), read from the zip again whenever it is read. A zip that holds
// anything but CSV, JSON and robots files is read for its sitemaps, as before (../check/unpack.ts).

import { isCompanion } from '../check/companions.ts';
import { zipEntries } from '../check/zip-entries.ts';
import { ZipCursor } from '../check/zip-cursor.ts';
import { isZip } from '../input/byte-streams.ts';
import type { InputSource } from '../types.ts';

const LIST = /\.csv$/i;

/** The CSV entries of a zip that holds nothing a sitemap reader reads, as inputs; null for anything else. */
export async function zippedLists(source: InputSource): Promise<InputSource[] | null> {
  // Looked into ahead only when its size is known (a file, a Blob: a fresh stream each time): a
  // source of unknown size may hand out one stream, whose start the look would use up.
  if (source.once || source.size === undefined || !(await startsAsZip(source))) return null;
  const names: string[] = [];
  try {
    for await (const entry of zipEntries(source.chunks())) {
      if (!isCompanion(entry.name)) return null;
      names.push(entry.name);
    }
  } catch {
    return null; // a damaged zip: the sitemap reader says so
  }
  // The lists are read in turn, each a few times over: one pass over the zip for each round.
  const cursor = new ZipCursor(() => source.chunks());
  const lists = names.flatMap((name, index) => (LIST.test(name) ? [entrySource(source.name, name, cursor, index)] : []));
  return lists.length ? lists : null;
}

function entrySource(zip: string, name: string, cursor: ZipCursor, index: number): InputSource {
  return { name: `${zip}/${name}`, chunks: () => cursor.entry(index) };
}

async function startsAsZip(source: InputSource): Promise<boolean> {
  const iterator = source.chunks()[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    return !first.done && isZip(first.value);
  } finally {
    await iterator.return?.();
  }
}

