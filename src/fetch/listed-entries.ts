// What a fetched sitemap lists, read with the audit's own readers (gzip, zip, XML or text, as the
// content says): the sitemaps of an index, to follow, and the pages of the rest, counted, with the
// URL and line of those a sample asks for by their position.

import { FileTally } from '../check/file-tally.ts';
import { readDocument } from '../check/read-document.ts';
import type { EntrySink } from '../check/sink.ts';
import type { FileKind } from '../check/types.ts';
import { documents } from '../check/unpack.ts';
import type { InputSource, Platform } from '../types.ts';

export interface ListedPage {
  /** The document the entry is in (inside a zip, `url/entry.xml`). */
  file: string;
  line: number;
  loc: string;
}

export interface Listed {
  /** The kinds of the documents read (a zip holds several). */
  kinds: FileKind[];
  /** The <loc>s of the index entries, in order. */
  sitemaps: string[];
  /** Page entries in all. */
  pages: number;
  /** Page entries on the site checked (`own`), the only ones a sample asks; all pages when no `own` is given. */
  ownPages: number;
  /** The pages at the positions asked for. */
  picked: ListedPage[];
}

/**
 * Whether a listed URL is on `origin`, the site checked: a sample asks no other host or port (the
 * audit reports those as loc-host), nor a URL with a user name or password.
 */
export function onOrigin(origin: string): (loc: string) => boolean {
  const root = `${origin}/`;
  return (loc) => {
    if (loc.startsWith(root)) return true;
    try {
      const url = new URL(loc);
      return url.origin === origin && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  };
}

/**
 * Reads `source`; `picks` are positions among its page entries on the site (`own`; all of them
 * when none is given), 0-based and ascending, whose URL and line are wanted.
 */
export async function listedEntries(source: InputSource, platform: Platform, picks: number[] = [], signal?: AbortSignal, own?: (loc: string) => boolean): Promise<Listed> {
  const listed: Listed = { kinds: [], sitemaps: [], pages: 0, ownPages: 0, picked: [] };
  const names: string[] = [];
  let next = 0;
  const sink: EntrySink = {
    extensionSchema: false,
    page(file, line, fields) {
      listed.pages++;
      const loc = own && fields[0].text().trim();
      if (own && !own(loc as string)) return;
      if (next < picks.length && picks[next] === listed.ownPages) {
        listed.picked.push({ file: names[file], line, loc: loc || fields[0].text().trim() });
        next++;
      }
      listed.ownPages++;
    },
    sitemap: (_file, _line, loc) => void listed.sitemaps.push(loc.trim()),
    report() {},
  };
  for await (const doc of documents(source, platform)) {
    const tally = new FileTally(names.length, doc.name, sink);
    names.push(doc.name);
    for await (const _ of readDocument(doc, tally, { cutInflated: true, signal }));
    listed.kinds.push(tally.kind);
  }
  return listed;
}
