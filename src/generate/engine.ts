// The pipeline: inputs → decode → the core (rows, rules, serialization, file cuts) → gzip → zip,
// with the slow URL path, the header decision and the list-wide findings on this side.

import { firstBytes, peek, prepend } from '../input/byte-streams.ts';
import { Code } from '../core/code.ts';
import { CODE_INFO, CODE_NAMES } from '../core/codes.ts';
import { Core, Status } from '../core/core.ts';
import type { RowsOrigin } from '../check/sitemap-rows.ts';
import { decodeInput, InputError } from '../input/decode.ts';
import { DEPRECATED_IMAGE_NAMES, detectDelimiter, defaultRoles, isHeader, normalizeName, roleOfName, rolesFromHeader, sampleRows } from '../input/detect.ts';
import { FindingStore } from './findings.ts';
import { manifestJson } from '../output/manifest.ts';
import { resolveOptions, type ResolvedOptions } from './options.ts';
import { Output } from '../output/sitemap-files.ts';
import { outOfMemory } from '../core/out-of-memory.ts';
import { reportBlocks } from '../output/report.ts';
import { resolveAnyUrl, resolveLoc, siteOf, urlFixes, type Site } from '../rules/slow-url.ts';
import { extraColumns, rowExtras, type ExtraColumns } from '../rules/extras.ts';
import { canonicalHreflang } from '../rules/hreflang.ts';
import { ExtKind } from '../core/status.ts';
import type { Delimiter, Hooks, InputSource, Inspection, Options, Platform, Role, Summary } from '../types.ts';
import { ZipWriter } from '../compress/zip.ts';

export { InputError };
export { OptionError } from './options.ts';

export interface GenerateResult {
  summary: Summary;
  findings: FindingStore;
  /** The zip, in parts; empty when `hooks.onZipChunk` took them. */
  zip: Uint8Array[];
}

/** Per input, for the manifest. */
export interface InputInfo {
  name: string;
  bytes: number;
  rows: number;
}

const MAX_INDEX_ENTRIES = 50000;
const MAX_HOSTS_LISTED = 100;
const PROGRESS_MS = 100;
/** How much of an input's start its delimiter is detected on: rows before it far longer than a line. */
const SAMPLE_BYTES = 1 << 20;
/** How much of a sitemap the column preview reads for its extension columns. */
const PREVIEW_SURVEY_BYTES = 1 << 20;
const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF inside the data is data (only a file's first bytes are a BOM, and those are gone).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function delimiterByte(d: Delimiter): number {
  return d === 'none' ? 0 : d.charCodeAt(0);
}

function abortError(): Error {
  return new DOMException('The generation was cancelled', 'AbortError');
}

export async function generate(
  sources: InputSource[],
  options: Partial<Options>,
  platform: Platform,
  hooks: Hooks = {},
): Promise<GenerateResult> {
  const opts = resolveOptions(options);
  if (sources.length === 0) throw new InputError('no input was given');
  const module = await platform.wasm();
  let core: Core;
  try {
    core = new Core(module);
  } catch (e) {
    throw outOfMemory(e) ?? e; // its first allocations, before any input
  }
  try {
    return await generateOn(core, sources, opts, platform, hooks);
  } catch (e) {
    throw outOfMemory(e, core.x.memory) ?? e;
  }
}

async function generateOn(
  core: Core,
  sources: InputSource[],
  opts: ResolvedOptions,
  platform: Platform,
  hooks: Hooks,
): Promise<GenerateResult> {
  const { signal } = hooks;
  const x = core.x;
  x.configure(opts.format === 'txt' ? 1 : 0, opts.maxUrls, opts.maxBytes, opts.strict ? 1 : 0, opts.nowMs, opts.allFields ? 1 : 0);
  const [tzLen] = core.putScratch(opts.timezone);
  x.setTimezone(tzLen, opts.timezoneMinutes);

  let site: Site | undefined;
  let baseHref: string | undefined;
  const useBase = (url: URL) => {
    const s = siteOf(url);
    site = s.site;
    baseHref = url.href;
    const [o, f] = core.putScratch(s.site.origin, s.folder);
    x.setBase(o, f);
  };
  if (opts.base) useBase(opts.base);

  const findings = new FindingStore(sources.map((s) => s.name), opts.strict);
  const zipParts: Uint8Array[] = [];
  const zip = new ZipWriter(hooks.onZipChunk ?? ((c) => void zipParts.push(c)), hooks.onFile, platform.crc32?.bind(platform));
  const output = new Output(opts, platform, zip);
  const rejectedHosts = new Map<string, number>();
  const notes: string[] = [];
  const inputs: InputInfo[] = [];
  const bytesTotal = sources.every((s) => s.size !== undefined) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : undefined;
  let bytesRead = 0;
  /** Bytes of sitemap inputs read ahead for their extension columns: work done, so progress counts them on both sides. */
  let surveyed = 0;
  let lastProgress = 0;

  const progress = (force: boolean) => {
    if (!hooks.onProgress) return;
    const t = Date.now();
    if (!force && t - lastProgress < PROGRESS_MS) return;
    lastProgress = t;
    const total = bytesTotal === undefined ? undefined : bytesTotal + surveyed;
    hooks.onProgress({ bytesRead: bytesRead + surveyed, bytesTotal: total, rows: x.counter(0), accepted: x.counter(2), rejected: x.counter(3) });
  };

  const drain = () => {
    const block = core.drainFindings();
    if (block) findings.add(block);
  };

  const engineFinding = (line: number, column: number, code: Code, value: string, fixed = '') => {
    const [v, f] = core.putScratch(value, fixed);
    x.addEngineFinding(line, column, code, v, f);
  };

  // Where the output compresses a body while it is written: the open file's body goes in whole
  // pieces, and the core drops what was taken.
  const sendAhead = () => {
    const step = output.aheadBytes;
    if (step === 0) return;
    // Whole pieces only, and never one the file could end in: the pieces fall at the same offsets
    // however the input arrives, and so do the compressed bytes.
    while (x.outBodyLen() > step) {
      const at = x.outBodyPtr();
      output.body(core.bytes().subarray(at, at + step));
      x.outDropBody(step);
    }
  };

  const emitFile = async () => {
    const lastmod = core.text(x.outLastmodPtr(), x.outLastmodLen());
    const held = x.outPtr();
    const rest = core.bytes().subarray(held, held + x.outLen()); // read by addSitemap before it waits
    await output.addSitemap(rest, x.outUrls(), lastmod, x.outHeaderLen());
  };

  let source: InputSource;
  /** The current input is a sitemap or feed turned into rows: its own delimiter and header, whatever the options say. */
  let convertedInput = false;
  let extras: ExtraColumns = extraColumns([]);
  const hreflangCodes = new Map<string, number>();
  const onHeader = () => {
    const cells = core.rowFields();
    const header = isHeader(cells);
    const roles: Role[] = (convertedInput ? undefined : opts.roles) ?? (header ? rolesFromHeader(cells) : defaultRoles(cells.length));
    const col = (r: Role) => roles.indexOf(r);
    if (col('loc') < 0) throw new InputError(`${source.name}: no loc column (name one loc, url, address, link, href or page)`);
    if (!header && !opts.roles && !convertedInput) {
      // A header that names columns but no loc is read as a row (SPEC section 2): say why.
      const named = cells.filter((c) => roleOfName(c) !== 'ignore');
      if (named.length > 0) {
        notes.push(
          `${source.name}: the first row names columns (${named.slice(0, 4).join(', ')}${named.length > 4 ? ', …' : ''}) but none for the URL, so it was read as a row and column 1 as the URL; name that column loc, url, address, link, href or page`,
        );
      }
    }
    x.setColumns(col('loc'), col('lastmod'), col('changefreq'), col('priority'), header ? cells.length : 0);
    const line = x.currentRowLine();
    /** The column each hreflang code was first given in. */
    const codeColumns = new Map<string, number>();
    roles.forEach((role, i) => {
      if (opts.format === 'txt' && (role === 'image' || role.includes(':'))) {
        return engineFinding(line, i + 1, Code.ColumnIgnored, `${role}: a text sitemap carries no extensions`);
      }
      if (role === 'image') x.setExtColumn(i, ExtKind.Image, 0);
      else if (role.startsWith('hreflang:')) {
        const given = role.slice(9);
        const code = canonicalHreflang(given);
        if (!code) return engineFinding(line, i + 1, Code.HreflangCodeInvalid, given);
        // One column a code, as for any role: `hreflang:de` and `hreflang:DE` would give one URL two alternates in German.
        const first = codeColumns.get(code);
        if (first !== undefined) return engineFinding(line, i + 1, Code.ColumnIgnored, `${role}: the same code as column ${first + 1}`);
        codeColumns.set(code, i);
        if (code !== given) engineFinding(line, i + 1, Code.HreflangNormalized, given, code);
        if (!hreflangCodes.has(code)) {
          const [len] = core.putScratch(code);
          hreflangCodes.set(code, x.addHreflangCode(len));
        }
        x.setExtColumn(i, ExtKind.Hreflang, hreflangCodes.get(code)!);
      } else if (role.startsWith('news:') || role.startsWith('video:')) x.setExtColumn(i, ExtKind.Extra, 0);
    });
    extras = extraColumns(roles);
    if (!header) return;
    cells.forEach((name, i) => {
      if (roles[i] !== 'ignore' || name.trim() === '') return;
      const deprecated = DEPRECATED_IMAGE_NAMES.includes(normalizeName(name));
      engineFinding(line, i + 1, Code.ColumnIgnored, deprecated ? `${name} (no longer read by Google)` : name);
    });
    x.dropHeaderRow();
  };

  const onSlowUrl = () => {
    const given = core.text(x.slowUrlPtr(), x.slowUrlLen());
    const written = resolveAnyUrl(given);
    if (written === null) return x.resolveUrl(0, 0, 0);
    const [len] = core.putScratch(written);
    x.resolveUrl(1, len, urlFixes(given, written));
  };

  const onExtras = () => {
    const line = x.currentRowLine();
    const result = rowExtras(extras, {
      cell: (i) => (i < x.rowFieldCount() ? core.text(x.rowFieldPtr(i), x.rowFieldLen(i)) : ''),
      loc: core.text(x.rowLocPtr(), x.rowLocLen()),
      nowMs: opts.nowMs,
      date: (text) => {
        const [len] = core.putScratch(text);
        const r = x.parseDate(len);
        if (r > 1) return null;
        return { written: core.text(x.dateOutPtr(), x.dateOutLen()), epoch: x.dateEpoch() };
      },
      finding: (code, i, value, fixed = '') => {
        engineFinding(line, i + 1, code, value, fixed);
        const severity = CODE_INFO[CODE_NAMES[code]].severity;
        x.markRow(severity === 'fix' ? 1 : 0, severity === 'warning' ? 1 : 0);
      },
    });
    const [len] = core.putScratch(result.xml);
    x.extrasDone(len, result.namespaces, result.news);
  };

  const onSlowLoc = () => {
    const raw = core.text(x.slowLocPtr(), x.slowLocLen());
    const verdict = resolveLoc(raw, site);
    if (verdict.code !== 0) {
      if (verdict.host !== undefined) rejectedHosts.set(verdict.host, (rejectedHosts.get(verdict.host) ?? 0) + 1);
      x.resolveLoc(verdict.code, 0, 0);
      return;
    }
    if (!site) {
      useBase(new URL(verdict.url.origin + '/'));
      engineFinding(x.slowLocLine(), 0, Code.BaseUrlInferred, baseHref!);
    }
    const [len] = core.putScratch(verdict.href);
    x.resolveLoc(0, len, verdict.fixes);
  };

  /** Runs the core until it needs input or the input is done. */
  const drive = async (final: boolean) => {
    while (true) {
      const status = x.run(final ? 1 : 0);
      drain();
      switch (status) {
        case Status.NeedInput:
          core.keepUnconsumed();
          sendAhead();
          return;
        case Status.Done:
          core.resetInput();
          return;
        case Status.Header:
          onHeader();
          break;
        case Status.SlowLoc:
          onSlowLoc();
          break;
        case Status.SlowUrl:
          onSlowUrl();
          break;
        case Status.Extras:
          onExtras();
          break;
        case Status.FileFull:
          await emitFile();
          x.nextFile();
          break;
      }
    }
  };

  for (const [i, s] of sources.entries()) {
    source = s;
    const rowsBefore = x.counter(0);
    const readBefore = bytesRead;
    let firstStream: AsyncIterable<Uint8Array> | undefined;
    const counted = async function* () {
      firstStream = s.chunks();
      for await (const chunk of firstStream) {
        if (signal?.aborted) throw abortError();
        bytesRead += chunk.length;
        yield chunk;
      }
    };
    let started = false;
    convertedInput = false;
    const start = (first: Uint8Array) => {
      const sample = decoder.decode(first.subarray(0, SAMPLE_BYTES));
      // A sitemap or feed comes as TSV whatever its values hold.
      const delimiter = convertedInput ? '\t' : (opts.delimiter ?? detectDelimiter(sample));
      // A sitemap's rows sit on their entries' lines; the empty lines between them are no rows.
      x.beginInput(delimiterByte(delimiter), i, convertedInput ? 1 : 0);
      core.resetInput();
      started = true;
    };
    // A sitemap input is read once ahead to learn its extension columns. A source that hands out its
    // one stream again cannot be read twice: its sitemap keeps the core columns.
    const reread = () => {
      const again = s.once ? undefined : s.chunks();
      if (!again || again === firstStream) return null;
      return (async function* () {
        for await (const chunk of again) {
          if (signal?.aborted) throw abortError();
          surveyed += chunk.length;
          progress(false);
          yield chunk;
        }
      })();
    };
    const onSitemap = (origin: RowsOrigin) => {
      convertedInput = true;
      // Findings on its rows point at the document and line the row came from.
      findings.placeRows(i, (line, column) => origin.place(line, column));
    };
    // The delimiter is told from the first MiB, however small the chunks it comes in.
    const { head, rest } = await peek(decodeInput(s.name, counted(), platform, (n) => notes.push(n), onSitemap, reread), SAMPLE_BYTES);
    for await (const chunk of prepend(head, rest)) {
      if (signal?.aborted) throw abortError();
      if (!started) start(chunk);
      core.feed(chunk);
      if (!core.worthScanning()) continue;
      await drive(false);
      progress(false);
    }
    if (!started) start(new Uint8Array(0));
    core.feed(new Uint8Array(0));
    await drive(true);
    inputs.push({ name: s.name, bytes: bytesRead - readBefore, rows: x.counter(0) - rowsBefore });
  }
  if (signal?.aborted) throw abortError();

  // List-wide findings.
  x.finishList();
  const hosts = [...rejectedHosts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [host, n] of hosts.slice(0, MAX_HOSTS_LISTED)) engineFinding(0, 0, Code.ListMixedHosts, `${host}: ${n} ${n === 1 ? 'row' : 'rows'}`);
  if (hosts.length > MAX_HOSTS_LISTED) {
    const rest = hosts.slice(MAX_HOSTS_LISTED).reduce((n, h) => n + h[1], 0);
    engineFinding(0, 0, Code.ListMixedHosts, `${hosts.length - MAX_HOSTS_LISTED} more hosts: ${rest} rows`);
  }
  drain();

  x.closeLastFile();
  if (x.outUrls() > 0) await emitFile();
  await output.flush();

  const accepted = x.counter(2);
  let message: string | undefined;
  if (accepted === 0) {
    message = x.counter(0) === 0 ? 'the input has no rows' : 'no row was accepted: every row has an error (see report.csv)';
  } else {
    writeIndexes(core, zip, output.files, baseHref!, opts);
  }

  const codes = findings.counts();
  const summary: Summary = {
    rows: x.counter(0),
    skipped: x.counter(1),
    accepted,
    rejected: x.counter(3),
    fixed: x.counter(4),
    warnings: x.counter(5),
    codes,
    files: output.files,
    baseUrl: baseHref,
    message,
    notes,
  };

  const pushReport = zip.deflate('report.csv');
  for (const block of reportBlocks(findings)) {
    pushReport(encoder.encode(block), false);
    await zip.drained();
  }
  pushReport(new Uint8Array(0), true);
  const pushManifest = zip.deflate('manifest.json');
  pushManifest(encoder.encode(manifestJson(opts, baseHref, inputs, summary)), true);
  await zip.end();
  progress(true);
  return { summary, findings, zip: zipParts };
}

/** The sitemap index (split past 50,000 files) and the robots.txt lines. */
function writeIndexes(core: Core, zip: ZipWriter, files: { name: string; lastmod: string }[], baseHref: string, opts: ResolvedOptions): void {
  const x = core.x;
  const parts = Math.ceil(files.length / MAX_INDEX_ENTRIES);
  const names: string[] = [];
  for (let p = 0; p < parts; p++) {
    const name = parts === 1 ? `${opts.prefix}-index.xml` : `${opts.prefix}-index-${p + 1}.xml`;
    x.indexBegin();
    for (const f of files.slice(p * MAX_INDEX_ENTRIES, (p + 1) * MAX_INDEX_ENTRIES)) {
      const [locLen, lastmodLen] = core.putScratch(baseHref + f.name, f.lastmod);
      x.indexEntry(locLen, lastmodLen);
    }
    x.indexEnd();
    zip.deflate(name)(core.copy(x.indexPtr(), x.indexLen()), true);
    names.push(name);
  }
  const robots = names.map((n) => `Sitemap: ${baseHref}${n}\n`).join('');
  zip.deflate('robots-sitemap.txt')(encoder.encode(robots), true);
}

/** The delimiter, header and first rows of an input, for the column mapping. */
export async function inspect(source: InputSource, platform: Platform, options: Partial<Options> = {}): Promise<Inspection> {
  let fromSitemap = false;
  // A sitemap's extension columns as far as its first bytes show them: the columns of the first rows,
  // without reading a big file through.
  const reread = () => (source.once ? null : firstBytes(source.chunks(), PREVIEW_SURVEY_BYTES));
  const { head, rest } = await peek(decodeInput(source.name, source.chunks(), platform, () => {}, () => (fromSitemap = true), reread), SAMPLE_BYTES);
  await rest[Symbol.asyncIterator]().return?.();
  const sample = decoder.decode(head.subarray(0, SAMPLE_BYTES));
  // A sitemap's rows come as TSV with a header of its own, whatever the options say (as in generate).
  const delimiter = fromSitemap ? '\t' : (options.delimiter ?? detectDelimiter(sample));
  const rows = sampleRows(sample, delimiter, 6);
  const header = rows.length > 0 && isHeader(rows[0]) ? rows[0] : null;
  const data = header ? rows.slice(1) : rows;
  const given = fromSitemap ? undefined : options.roles;
  const roles = given ?? (header ? rolesFromHeader(header) : defaultRoles(Math.max(1, ...data.map((r) => r.length))));
  return { delimiter, header, rows: data, roles, fromSitemap };
}
