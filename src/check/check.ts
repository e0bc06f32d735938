// The audit (SPEC section 7): every input read as the documents in it, each checked as XML and
// against its schema as it streams by, its entries handed to the generator's row rules as TSV rows,
// and every finding traced back to the file and line of its entry.
//
// The extension elements of the <url>s go along as the generator's extension columns, so their
// values meet the rules of section 5 too (image URLs, hreflang codes, reciprocity across the whole
// set, news and video fields). The header names the columns, so a first reading learns them, in the
// files whose root declares an extension namespace; an input that can be read only once is not
// surveyed, and its extension values go unchecked.

import type { InputSource, Platform } from '../types.ts';
import { AuditFindings } from './audit-findings.ts';
import { describeDuplicates, type Duplicate } from './duplicates.ts';
import { FileTally } from './file-tally.ts';
import { checkIndexEntries, type IndexEntry } from './index-checks.ts';
import { FindingPlaces } from './finding-places.ts';
import { extensionViolation } from './extension-values.ts';
import { readDocument } from './read-document.ts';
import { purposeOf } from './sitemap-purpose.ts';
import { keepsFinding, runRowRules, schemaViolation } from './row-rules.ts';
import { auditMessage, auditSeverity, describeForAudit, describeOtherHost } from './audit-words.ts';
import { hostOf, isLocalHost, LocalHosts } from './local-host.ts';
import type { EntrySink } from './sink.ts';
import { extensionColumns } from './sitemap-rows.ts';
import { SEPARATOR, UrlExtensions } from './url-extensions.ts';
import { TsvWriter, TSV_BLOCK } from './tsv-writer.ts';
import type { CheckedFile, CheckOptions, CheckResult } from './types.ts';
import { documents } from './unpack.ts';

/** An audit's result with its findings kept compactly: read them with `findings.at(i)`. */
export interface Audit {
  files: CheckedFile[];
  codes: Record<string, number>;
  findings: AuditFindings;
  /** Zip entries passed over as a sitemap's companions (robots*.txt, .csv, .json): not in `files`. */
  passedOver: string[];
  /** The base URL the entries were judged by: the one given, or the one inferred from them. */
  baseUrl?: string;
}

/** Checks the inputs (files, archives of them) as sitemaps; the result is the `--json` shape. */
export async function checkFiles(inputs: InputSource[], options: CheckOptions, platform: Platform): Promise<CheckResult> {
  const audit = await auditFiles(inputs, options, platform);
  const findings = Array.from({ length: audit.findings.length }, (_, i) => audit.findings.at(i));
  return { files: audit.files, codes: audit.codes, findings, passedOver: audit.passedOver };
}

/** Checks the inputs as checkFiles does, keeping the findings compact (the CLI and the page read them so). */
export async function auditFiles(inputs: InputSource[], options: CheckOptions, platform: Platform): Promise<Audit> {
  const files: FileTally[] = [];
  const found = new AuditFindings();
  const indexEntries: IndexEntry[] = [];
  const reading = { cutInflated: true, signal: options.signal };
  const columns = await extensionColumns(inputs.filter((s) => !s.once), platform, reading);
  const places = new FindingPlaces(columns);
  const tsv = new TsvWriter(places.map, places.fieldLines);
  const extensions = new UrlExtensions();
  // A check of a local site on purpose (a sitemap fetched from one) judges its URLs by that site.
  const localSite = options.localSite ?? readsLocalSite(inputs);
  const localHosts = new LocalHosts();
  const sink: EntrySink = {
    extensions: columns.length ? extensions : undefined,
    page(file, line, fields) {
      const loc = fields[0];
      const local = localSite ? null : localHosts.of(loc.data, loc.start(), loc.end());
      if (local) found.add({ file, line, code: 'loc-local-host', message: `${auditMessage('loc-local-host')}: ${local}` });
      if (!columns.length) return tsv.row(file, line, fields);
      const values = extensions.values;
      places.noteExtensions(tsv.row(file, line, fields, columns.map((c) => values.get(c)?.join(SEPARATOR) ?? '')), file, extensions);
      extensions.clear();
    },
    sitemap: (file, line, loc, lastmod) => void indexEntries.push({ file, line, loc, lastmod }),
    report: (file, line, code, message) => found.add({ file, line, code, message }),
  };

  const passedOver: string[] = [];
  async function* rows(): AsyncGenerator<Uint8Array> {
    tsv.header(columns);
    for (const [i, input] of inputs.entries()) {
      const told = options.onRead ? counted(input, i, options.onRead) : null;
      for await (const doc of documents(told ?? input, platform, (name) => void passedOver.push(name))) {
        const tally = new FileTally(files.length, doc.name, sink);
        files.push(tally);
        extensions.clear();
        for await (const _ of readDocument(doc, tally, reading)) {
          if (tsv.size >= TSV_BLOCK) yield tsv.take()!;
        }
      }
      told?.done();
    }
    const rest = tsv.take();
    if (rest) yield rest;
  }

  const run = await (options.rowRules ?? runRowRules)(rows, { ...options, extensions: columns.length > 0 }, platform);
  const duplicates: Duplicate[] = [];
  for (let i = 0; i < run.findings.length; i++) {
    const f = run.findings.at(i);
    if (!keepsFinding(f.code)) continue;
    if (f.code === 'loc-duplicate') {
      const entry = f.line > 0 ? places.map.lookup(f.line) : undefined;
      if (entry) {
        // One shape for all (a spread gave each its own hidden class: 0.3 KB a duplicate).
        duplicates.push({ file: entry.file, line: entry.line, value: f.value });
        continue;
      }
    }
    const at = places.placeOf(f);
    // A row's own findings quote the row the audit made of the entry: its values, not its tabs.
    const place = { file: at ? at.file : -1, line: at ? at.line : 0 };
    // The sitemap schema is for sitemaps: a feed's dates are read, not judged by it. A value that
    // breaks it is one fault, told once: as the schema error xmllint gives it.
    const violation = at && files[at.file].kind === 'urlset' ? (schemaViolation(f) ?? extensionViolation(f, at.element)) : null;
    if (violation) {
      found.add({ ...place, code: 'xml-schema', message: f.fixed ? `${violation}, would be written as ${f.fixed}` : violation });
      continue;
    }
    const message =
      f.code === 'row-encoding'
        ? `${auditMessage(f.code)}: ${f.value.split('\t').filter((v) => v !== '').join(' ')}`
        : f.code === 'loc-host'
          ? describeOtherHost(f.value, run.baseUrl, options.baseUrlOfSite ? 'the site checked' : options.baseUrl ? 'given' : 'the most common origin of the entries')
          : describeForAudit(f, at?.element);
    found.add({ ...place, code: f.code, message, severity: auditSeverity(f) });
  }
  const names = files.map((f) => f.name);
  if (duplicates.length) for (const c of await describeDuplicates(duplicates, inputs, names, files.map(purposeOf), run.baseUrl, options, platform)) found.add(c);
  if (indexEntries.length || files.some((f) => f.kind === 'sitemapindex')) for (const c of await checkIndexEntries(indexEntries, files, options, platform)) found.add(c);
  found.finish(names);
  const perFile = found.perFile();
  return {
    files: files.map((f, i) => ({ name: f.name, kind: f.kind, urls: f.urls, bytes: f.bytes, findings: perFile[i] })),
    codes: found.codes(),
    findings: found,
    passedOver,
    baseUrl: run.baseUrl,
  };
}

/** Whether an input is a sitemap fetched from a local site. */
export function readsLocalSite(inputs: InputSource[]): boolean {
  return inputs.some((s) => isLocalHost(hostOf(s.name) ?? ''));
}

/**
 * `source`, its bytes told to `onRead` as they are read; `done()` tells what a reading that stopped
 * early left unread, so the progress of a finished file is whole.
 */
function counted(source: InputSource, index: number, onRead: (input: number, bytes: number) => void): InputSource & { done(): void } {
  let read = 0;
  return {
    ...source,
    chunks: async function* () {
      for await (const chunk of source.chunks()) {
        read += chunk.length;
        onRead(index, chunk.length);
        yield chunk;
      }
    },
    done() {
      if (source.size !== undefined && read < source.size) onRead(index, source.size - read);
      read = source.size ?? read;
    },
  };
}
