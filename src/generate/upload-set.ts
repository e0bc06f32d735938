// The files to upload after a stable update (SPEC section 11): the sitemap files added or changed,
// and the index, taken from the whole zip as they are stored there, into a zip of their own.

import { zipEntries } from '../check/zip-entries.ts';
import { ZipWriter } from '../compress/zip.ts';
import { concat } from '../input/byte-streams.ts';
import { isIndexFileName } from '../output/index-names.ts';
import type { Platform } from '../types.ts';

/** The index's names, beside the sitemap files: the one index (under a set's own name, such as `sitemap.xml`), or its parts past 50,000 files. */
function isIndex(name: string, sitemaps: ReadonlySet<string>): boolean {
  return !sitemaps.has(name) && (isIndexFileName(name) || name.endsWith('.xml'));
}

/** A zip of `names` and the index from the whole `zip`: gzipped files stored, the rest deflated, in the zip's order. */
export async function uploadZip(zip: AsyncIterable<Uint8Array>, names: readonly string[], sitemaps: readonly string[], platform: Platform): Promise<Uint8Array[]> {
  const wanted = new Set(names);
  const all = new Set(sitemaps);
  const parts: Uint8Array[] = [];
  const out = new ZipWriter((c) => void parts.push(c), platform);
  for await (const entry of zipEntries(zip)) {
    const keep = wanted.has(entry.name) || isIndex(entry.name, all);
    const chunks: Uint8Array[] = [];
    for await (const c of entry.chunks) if (keep) chunks.push(c);
    if (!keep) continue;
    const data = concat(chunks);
    if (entry.name.endsWith('.gz')) out.store(entry.name, data);
    else out.deflate(entry.name)(data, true);
  }
  await out.end();
  return parts;
}
