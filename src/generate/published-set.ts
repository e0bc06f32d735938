// A zip this tool wrote (its manifest.json names the tool) given as an input beside a list: read as a
// list, its URLs would come back though the site dropped them since. It is a previous set (SPEC 11),
// which the page takes as one when it is dropped with the list; the command line says so in a note.

import { zipEntries } from '../check/zip-entries.ts';
import { concat, peek } from '../input/byte-streams.ts';
import type { InputSource } from '../types.ts';

/** A manifest is a few KiB a file; one larger than this is not this tool's. */
const MANIFEST_MAX = 16 << 20;

/** Whether the input is a zip holding the manifest.json of a set this tool wrote. */
export async function isPublishedSet(source: InputSource): Promise<boolean> {
  return (await publishedSetTime(source)) !== null;
}

/**
 * When the set this tool wrote was made (its manifest's `now`, ISO 8601; '' when it does not say),
 * or null when the input is no such set: of several, the newest is the one published last.
 */
export async function publishedSetTime(source: InputSource): Promise<string | null> {
  if (source.once) return null;
  const { head, rest } = await peek(source.chunks(), 4);
  await rest[Symbol.asyncIterator]().return?.();
  if (head[0] !== 0x50 || head[1] !== 0x4b || head[2] !== 0x03 || head[3] !== 0x04) return null;
  try {
    for await (const entry of zipEntries(source.chunks())) {
      if (entry.name.slice(entry.name.lastIndexOf('/') + 1) !== 'manifest.json') continue;
      const parts: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of entry.chunks) {
        parts.push(chunk);
        if ((size += chunk.length) > MANIFEST_MAX) return null;
      }
      type Manifest = { tool?: { name?: unknown }; files?: unknown; options?: { now?: unknown } };
      const manifest = JSON.parse(new TextDecoder().decode(concat(parts, size))) as Manifest;
      if (manifest.tool?.name !== 'sitemill' || !Array.isArray(manifest.files)) return null;
      const now = manifest.options?.now;
      return typeof now === 'string' && !Number.isNaN(Date.parse(now)) ? now : '';
    }
  } catch {
    return null; // an unreadable zip or manifest is read, and refused, as an input in its turn
  }
  return null;
}

/** The note for another tool's sitemaps given beside a list: read as a list too, which may not be what was meant. */
export function sitemapsBesideListNote(name: string): string {
  return `${name} holds sitemaps, whose URLs were read as a list beside the others: if it is the set published last time, give it as the previous set instead (--previous on the command line, Previously published zip in the page), so URLs the site dropped since stay out`;
}

/** The note for a set this tool wrote, given as an input: its URLs were read as a list. */
export function publishedSetNote(name: string, previousGiven: boolean): string {
  const instead = previousGiven
    ? 'a run compares against one previous set, the one given as such'
    : 'to keep each URL in its file instead, give it as the previous set (--previous on the command line, Previously published zip in the page)';
  return `${name} is a set written here (its manifest.json): its sitemaps' URLs were read as a list, so URLs the site dropped since are listed again; ${instead}`;
}
