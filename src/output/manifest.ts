// manifest.json: what was made, from what, with which options; a SHA-256 per file.

import type { ResolvedOptions } from '../generate/options.ts';
import type { InputInfo } from '../generate/run.ts';
import type { Summary } from '../types.ts';
import { VERSION } from '../version.ts';

export function manifestJson(opts: ResolvedOptions, baseUrl: string | undefined, inputs: InputInfo[], summary: Summary): string {
  const manifest = {
    tool: { name: 'sitemill', version: VERSION },
    options: {
      baseUrl: baseUrl ?? null,
      baseUrlInferred: !opts.base,
      maxUrls: opts.maxUrls,
      maxBytes: opts.maxBytes,
      format: opts.format,
      gzip: opts.gzip,
      gzipLevel: opts.gzipLevel,
      prefix: opts.prefix,
      timezone: opts.timezone,
      now: new Date(opts.nowMs).toISOString(),
      strict: opts.strict,
      keep: opts.keep ?? [],
      stripParams: opts.stripParams ?? [],
      robotsTxt: opts.robotsTxt !== undefined,
      robotsAgent: opts.robotsTxt !== undefined ? (opts.robotsAgent ?? 'Googlebot') : null,
      urlRules: opts.urlRules ?? [],
      ...(opts.sectionBy || opts.sections?.length ? { sectionBy: opts.sectionBy ?? null, sections: opts.sections ?? [] } : {}),
      ...(opts.previous ? { previous: true } : {}),
    },
    inputs,
    rows: summary.rows,
    skipped: summary.skipped,
    accepted: summary.accepted,
    rejected: summary.rejected,
    excluded: summary.excluded,
    codes: summary.codes,
    files: summary.files.map((f) => ({
      name: f.name,
      ...(f.section !== undefined ? { section: f.section } : {}),
      urls: f.urls,
      bytes: f.bytes,
      gzipBytes: f.gzipBytes ?? null,
      sha256: f.sha256,
      // What the index says of the file: the next run's stable update keeps it for an unchanged file.
      ...(summary.sections || summary.changes ? { lastmod: (f as { lastmod?: string }).lastmod ?? '' } : {}),
    })),
    ...(summary.sections ? { sections: summary.sections } : {}),
    ...(summary.changes ? { changes: summary.changes } : {}),
    // What the run said beside the findings (a column no rule reads, a sheet passed over).
    ...(summary.notes.length ? { notes: summary.notes } : {}),
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}
