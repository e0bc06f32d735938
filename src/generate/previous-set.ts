// The set published last time (SPEC section 11), read for stable updates: each sitemap file with
// its stored bytes (reused as they are when its content does not change), its inflated bytes, its
// URLs in order and, for files this tool wrote, each URL's entry; and each file's index lastmod.
// Files listed in a manifest are split as this tool writes them; anything else (a set without a
// manifest, another tool's files) is read with the audit's reader.

import { isCompanion, someNames } from '../check/companions.ts';
import { FileTally } from '../check/file-tally.ts';
import { readDocument } from '../check/read-document.ts';
import type { EntrySink } from '../check/sink.ts';
import { documents } from '../check/unpack.ts';
import { zipEntries } from '../check/zip-entries.ts';
import { concat, isZip } from '../input/byte-streams.ts';
import { InputError } from '../input/input-error.ts';
import { isIndexFileName } from '../output/index-names.ts';
import { urlAt, walkFile } from '../output/urlset.ts';
import type { Format, Platform, PreviousFile } from '../types.ts';
import { LIMITS, type ResolvedOptions } from './options.ts';

export interface PreviousSitemap {
  name: string;
  /** Its section in this run's naming; null when the name is not one this run writes. */
  section: string | null;
  /** Its number within the section. */
  n: number;
  stored: Uint8Array;
  raw: Uint8Array;
  format: Format;
  /** How many URLs it lists. */
  count: number;
  /** Its URLs, when another tool wrote it (stable-plan.ts reads either form); null when `offsets` says where each is. */
  locs: string[] | null;
  /** When this tool wrote the file: where each entry is in `raw`, entry i at `offsets[i]…offsets[i+1]`. */
  offsets: Uint32Array | null;
  /** Its `<lastmod>` in the previous index; empty when it had none, null when no index said. */
  indexLastmod: string | null;
}

interface ManifestFile {
  name: string;
  lastmod?: string;
}

/**
 * No file of a published set inflates past what one sitemap may hold (a manifest is far smaller),
 * and the whole set is held in memory: a bomb (a 3 MB zip of 1 GB) stops here, at either cap.
 */
const FILE_LIMIT = LIMITS.maxBytes;
const SET_LIMIT = 2 ** 31;

/** A previous set's file that inflates past FILE_LIMIT, or a set past SET_LIMIT. */
class TooLarge extends InputError {}

function tooLarge(name: string): TooLarge {
  return new TooLarge(`the previous set's ${name} inflates past ${FILE_LIMIT.toLocaleString('en-US')} bytes, more than a sitemap may hold: give the set as it was published`);
}

function setTooLarge(): TooLarge {
  return new TooLarge(`the previous set inflates past ${SET_LIMIT.toLocaleString('en-US')} bytes in all, more than this run holds: give the set as it was published`);
}

/** The bytes of `chunks`, refused past `limit` (then `refuse` says why) as soon as they pass it. */
async function bounded(chunks: AsyncIterable<Uint8Array>, limit: number, refuse: () => Error): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const c of chunks) {
    if ((size += c.length) > limit) throw refuse();
    parts.push(c);
  }
  return concat(parts, size);
}

/** The sitemap files and the manifest of a zip, by their base names, as stored (a `.gz` entry gzipped). */
export async function zipFiles(data: Uint8Array): Promise<PreviousFile[]> {
  const wanted = (name: string) => /\.(xml|txt)(\.gz)?$/.test(name) || baseName(name) === 'manifest.json';
  const files: PreviousFile[] = [];
  let total = 0;
  try {
    // Its report and other companions are left packed; each file read is inflated up to its cap.
    for await (const entry of zipEntries(once(data))) {
      if (!wanted(entry.name)) continue;
      const bytes = await bounded(entry.chunks, FILE_LIMIT, () => tooLarge(entry.name));
      if ((total += bytes.length) > SET_LIMIT) throw setTooLarge();
      files.push({ name: baseName(entry.name), data: bytes });
    }
  } catch (e) {
    if (e instanceof TooLarge) throw e;
    throw new InputError(`the previous set is not a readable zip (${(e as Error).message})`);
  }
  return files;
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

async function* once(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

/** `sitemap-blog-2.xml.gz` → section `blog`, number 2 (section '' for `sitemap-2.xml.gz`); null for a name this run does not write. */
export function nameParts(name: string, opts: ResolvedOptions, sectioned: boolean): { section: string; n: number } | null {
  const ext = `.${opts.format}${opts.gzip ? '.gz' : ''}`;
  if (!name.startsWith(opts.prefix + '-') || !name.endsWith(ext)) return null;
  const m = /^(?:([a-z0-9-]+?)-)?(\d+)$/.exec(name.slice(opts.prefix.length + 1, -ext.length));
  if (!m || Boolean(m[1]) !== sectioned || m[2].startsWith('0')) return null;
  return { section: m[1] ?? '', n: Number(m[2]) };
}

/** The set's sitemaps in file order; `note` hears why URLs could not stay in their files. */
export async function readPrevious(
  given: PreviousFile[],
  opts: ResolvedOptions,
  sectioned: boolean,
  platform: Platform,
  note: (text: string) => void = () => {},
  // A set re-generated in its shape names each file's section itself (set-shape.ts).
  sectionOf?: (name: string) => string | undefined,
): Promise<PreviousSitemap[]> {
  let files = given;
  if (files.length === 1 && isZip(files[0].data)) files = await zipFiles(files[0].data);
  else if (files.length === 1 && /\.zip$/i.test(files[0].name)) throw new InputError(`the previous set ${files[0].name} is not a zip file`);
  const manifestFile = files.find((f) => f.name === 'manifest.json');
  const manifest = manifestFile ? readManifest(manifestFile.data) : null;
  if (manifest) checkManifest(manifest, files, opts);
  const listed = manifest ? new Set(manifest.files.map((f) => f.name)) : null;
  const indexLastmods = new Map<string, string>();
  for (const f of manifest?.files ?? []) if (f.lastmod !== undefined) indexLastmods.set(f.name, f.lastmod);
  const sitemaps: PreviousSitemap[] = [];
  const indexes: string[] = [];
  let inflated = 0;
  for (const file of files) {
    if (!/\.(xml|txt)(\.gz)?$/.test(file.name) || isCompanion(file.name) || (listed && !listed.has(file.name) && !/index/.test(file.name))) continue;
    // Each file is read as what its name says it is: the run's format may have changed since.
    const format: Format = /\.txt(\.gz)?$/.test(file.name) ? 'txt' : 'xml';
    const read = await readOne(file, format, platform, listed?.has(file.name) ?? false).catch((e: Error) => {
      throw e instanceof TooLarge ? e : new InputError(`the previous set's ${file.name} cannot be read: ${e.message}`);
    });
    if ((inflated += read.raw.length) > SET_LIMIT) throw setTooLarge();
    if (read.index) {
      indexes.push(file.name);
      for (const e of read.index) {
        const name = e.loc.slice(e.loc.lastIndexOf('/') + 1);
        if (!indexLastmods.has(name)) indexLastmods.set(name, e.lastmod);
      }
      continue;
    }
    if (read.count === null) continue;
    const own = sectionOf?.(file.name);
    const parts = own !== undefined ? { section: own, n: 1 } : nameParts(file.name, opts, sectioned);
    const { raw, count, locs, offsets } = read;
    sitemaps.push({ name: file.name, section: parts?.section ?? null, n: parts?.n ?? 0, stored: file.data, raw, format, count, locs, offsets, indexLastmod: null });
  }
  for (const s of sitemaps) s.indexLastmod = indexLastmods.get(s.name) ?? null;
  if (sitemaps.length === 0 && indexes.length) throw new InputError(`the previous set holds a sitemap index (${indexes[0]}) but none of its sitemaps: give the folder or zip it was published from, or its manifest.json`);
  if (sitemaps.length === 0) throw new InputError('the previous set holds no sitemap file');
  const moved = movedNote(sitemaps.filter((s) => s.section === null), manifest, sectioned);
  if (moved) note(moved);
  const oldIndexes = indexes.filter((name) => name !== opts.indexName && !isIndexFileName(name, opts.prefix));
  if (oldIndexes.length) note(oldIndexNote(oldIndexes, opts));
  const held = new Set(sitemaps.map((s) => s.name));
  const absent = [...indexLastmods.keys()].filter((name) => !held.has(name) && !(listed?.has(name) ?? false));
  if (absent.length) {
    note(
      `the previous set's index lists ${absent.length === 1 ? 'a file' : `${absent.length} files`} it does not hold (${someNames(absent.sort())}): their URLs are taken as new; give the whole set as published (not the zip of changed files alone) to keep them in place`,
    );
  }
  return sitemaps.sort((a, b) => (a.section ?? '\uffff').localeCompare(b.section ?? '\uffff') || a.n - b.n || (a.name < b.name ? -1 : 1));
}

interface Manifest {
  files: ManifestFile[];
  /** The base URL the set was written for; null when it does not say. */
  baseUrl: string | null;
  /** How the set was sectioned (`path:1`, named patterns), as the command line says it; null without sections. */
  sectioning: string | null;
}

/** A previous set's manifest.json; one that cannot be read stops the run, as the set it describes is unknown. */
function readManifest(data: Uint8Array): Manifest {
  let m: { files?: ManifestFile[]; options?: { baseUrl?: unknown; sectionBy?: unknown; sections?: unknown } } | null;
  try {
    m = JSON.parse(new TextDecoder().decode(data));
  } catch (e) {
    throw new InputError(`the previous set's manifest.json is not JSON (${(e as Error).message})`);
  }
  if (!m || !Array.isArray(m.files)) throw new InputError("the previous set's manifest.json lists no files: it is not a manifest this tool wrote");
  const baseUrl = typeof m.options?.baseUrl === 'string' ? m.options.baseUrl : null;
  const named = Array.isArray(m.options?.sections) ? (m.options.sections as { name?: unknown; pattern?: unknown }[]) : [];
  const ways = [
    ...named.map((s) => `--section ${String(s?.name)}=${String(s?.pattern)}`),
    ...(typeof m.options?.sectionBy === 'string' ? [`--section-by ${m.options.sectionBy}`] : []),
  ];
  return { files: m.files.filter((f) => typeof f?.name === 'string'), baseUrl, sectioning: ways.length ? ways.join(' ') : null };
}

/**
 * Another tool's index (Yoast's `sitemap_index.xml`) is not replaced by this run's: left on the
 * server, and named in robots.txt or Search Console, it keeps the old files read.
 */
function oldIndexNote(names: string[], opts: ResolvedOptions): string {
  const one = names.length === 1;
  const index = opts.indexName ?? `${opts.prefix}-index.xml`;
  return `the previous set's index ${one ? '' : 'files '}${someNames(names)} ${one ? 'is' : 'are'} not this run's ${index}: point robots.txt's Sitemap line and Search Console at ${index}, and delete ${one ? 'the old index' : 'the old indexes'} from the server (or redirect ${one ? 'it' : 'them'} there), or search engines keep reading the files ${one ? 'it lists' : 'they list'}`;
}

/**
 * Why the URLs of files this run does not name as they were named (`sitemap-blog-1.xml.gz` in a run
 * without sections, another tool's `post-sitemap.xml`) moved: they cannot stay in those files.
 */
function movedNote(unplaced: PreviousSitemap[], manifest: Manifest | null, sectioned: boolean): string | null {
  if (!unplaced.some((s) => s.count > 0)) return null;
  const files = `${unplaced.length === 1 ? 'file' : `${unplaced.length} files`} (${someNames(unplaced.map((s) => s.name).sort())})`;
  const moved = `the previous set's ${files} ${unplaced.length === 1 ? 'is' : 'are'} not named as this run names its files, so the URLs still listed in ${unplaced.length === 1 ? 'it' : 'them'} moved to this run's files`;
  if (manifest && (manifest.sectioning !== null) !== sectioned) {
    const how = manifest.sectioning ? `with sections (${manifest.sectioning})` : 'without sections';
    return `${moved}: it was written ${how}, and this run ${sectioned ? 'has them' : 'has none'}; run as it was (Sections in the page) to keep each URL in its file`;
  }
  return `${moved}, this once: a run against the set written now keeps them in place`;
}

/**
 * The set the manifest describes is the one given: every file it lists is there, and it was
 * written for this site. Else this run would replace files still published, or every file.
 */
function checkManifest(manifest: Manifest, files: PreviousFile[], opts: ResolvedOptions): void {
  const present = new Set(files.map((f) => f.name));
  const missing = manifest.files.map((f) => f.name).filter((name) => !present.has(name));
  if (missing.length) {
    const named = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, and ${missing.length - 5} more` : '');
    throw new InputError(`the previous set's manifest.json lists ${missing.length === 1 ? 'a file that is' : `${missing.length} files that are`} not there: ${named} (give the whole folder or zip that was published)`);
  }
  const origin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const was = manifest.baseUrl === null ? null : origin(manifest.baseUrl);
  if (opts.base && was !== null && was !== opts.base.origin) {
    throw new InputError(`the previous set was written for ${was}, and this run is for ${opts.base.origin}: give the set published for this site, or leave out the previous set`);
  }
}

interface ReadFile {
  raw: Uint8Array;
  /** URLs listed; null for an index. */
  count: number | null;
  locs: string[] | null;
  offsets: Uint32Array | null;
  index: { loc: string; lastmod: string }[] | null;
}

/** One file inflated; split as this tool writes it when `ours`, else (or when that fails) read with the audit's reader. */
async function readOne(file: PreviousFile, format: Format, platform: Platform, ours: boolean): Promise<ReadFile> {
  const parts: Uint8Array[] = [];
  const locs: string[] = [];
  const index: { loc: string; lastmod: string }[] = [];
  let rootIsIndex = false;
  let broken: string | null = null;
  const sink: EntrySink = {
    page: (_f, _l, fields) => void locs.push(fields[0].text().trim()),
    sitemap: (_f, _l, loc, lastmod) => {
      rootIsIndex = true;
      index.push({ loc: loc.trim(), lastmod: lastmod.trim() });
    },
    // Only lost bytes matter here: the URLs after the break would come out as new ones.
    report: (_f, _l, code, message) => {
      // The audit's words go on to say what was read before the break, which this run does not use.
      if (code === 'gzip-broken') broken ??= message.split('; ')[0];
    },
  };
  let size = 0;
  for await (const doc of documents({ name: file.name, chunks: () => once(file.data) }, platform)) {
    // The inflated chunks are each new (gunzip's output), and kept as they are, up to the cap.
    const teed = (async function* () {
      for await (const c of doc.chunks) {
        if ((size += c.length) > FILE_LIMIT) throw tooLarge(file.name);
        parts.push(c);
        yield c;
      }
    })();
    if (ours) {
      for await (const _ of teed);
      const raw = concat(parts);
      const offsets = entryOffsets(raw, format);
      if (offsets) return { raw, count: offsets.length - 1, locs: null, offsets, index: null };
      parts.length = 0;
      return readOne(file, format, platform, false);
    }
    for await (const _ of readDocument({ ...doc, chunks: teed }, new FileTally(0, file.name, sink), { cutInflated: false }));
    break;
  }
  if (broken !== null) throw new InputError(broken);
  const raw = concat(parts);
  if (rootIsIndex) return { raw, count: null, locs: null, offsets: null, index };
  // Entries as this tool writes them, when the audit's reader found the same URLs in them.
  const offsets = entryOffsets(raw, format);
  const same = offsets !== null && offsets.length - 1 === locs.length && locs.every((l, i) => l === urlAt(raw, offsets, i, format));
  return { raw, count: locs.length, locs, offsets: same ? offsets : null, index: null };
}

/** Where each entry of a file this tool wrote starts, and the last one's end; null when the file is written otherwise. */
function entryOffsets(raw: Uint8Array, format: Format): Uint32Array | null {
  const starts: number[] = [];
  let last = 0;
  const ok = walkFile(raw, format, (start, end) => {
    starts.push(start);
    last = end;
  });
  if (!ok) return null;
  const offsets = new Uint32Array(starts.length + 1);
  offsets.set(starts);
  offsets[starts.length] = last;
  return offsets;
}
