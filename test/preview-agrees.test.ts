// The column preview and the run read an input alike: the same delimiter, header, roles and rows, on
// generated CSVs with blank-ish rows, quoted fields that hold delimiters, line breaks and doubled
// quotes, and fields longer than the preview's first MiB.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { Delimiter } from '../src/types.ts';
import { BASE, run, source } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';

const CASES = Number(process.env.PREVIEW_CASES ?? 40);
const SITE = new URL(BASE).origin;
const DELIMITERS: Delimiter[] = [',', ';', '\t'];

type Random = () => number;
const int = (r: Random, n: number) => Math.floor(r() * n);
const pick = <T>(r: Random, items: T[]): T => items[int(r, items.length)];

/** A CSV field as a spreadsheet writes it: quoted when it must be. */
function field(value: string, d: string): string {
  return /["\r\n]/.test(value) || value.includes(d) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A title: sometimes long, sometimes with the delimiter, a line break or a quote in it. */
function title(r: Random, d: string): string {
  const parts = ['Shoes', 'Red & blue', `a${d}b`, 'say "hi"', 'two\nlines', 'crlf\r\nline', ' spaced '];
  let t = Array.from({ length: 1 + int(r, 4) }, () => pick(r, parts)).join(' ');
  if (r() < 0.05) t += 'x'.repeat(20_000 + int(r, 200_000));
  return t;
}

/** Lines that hold no row for the run: empty, or delimiters and blanks only. */
function blankish(r: Random, d: string, width: number): string {
  return pick(r, ['', ' ', '\t', d.repeat(width - 1), ` ${d} ${d}\t`.slice(0, 2 * width)]);
}

interface Generated {
  text: string;
  delimiter: Delimiter;
  header: string[] | null;
  /** The rows the run reads, in order, up to the first one it cannot read whole from the first MiB. */
  rows: string[][];
  locColumn: number;
}

function generateCsv(r: Random, index: number): Generated {
  const delimiter = pick(r, DELIMITERS);
  const names = ['Title', 'Author', 'Word Count'];
  const width = 2 + int(r, 3);
  const named = r() < 0.7;
  // Without a header the URLs are read from the first column, by place.
  const locColumn = named ? int(r, width) : 0;
  const header = named ? Array.from({ length: width }, (_, c) => (c === locColumn ? pick(r, ['Address', 'loc', 'URL']) : names[c % names.length])) : null;
  const lines: string[] = header ? [header.join(delimiter)] : [];
  const rows: string[][] = [];
  let readable = true;
  const total = 5 + int(r, 20);
  for (let i = 0; i < total; i++) {
    if (r() < 0.25) lines.push(blankish(r, delimiter, width));
    // A no-break space is no blank to the run: the row is read (and rejected for its missing URL).
    // (Not first: a first row without a URL over rows of URLs reads as a header, by content.)
    const nbsp = i > 0 && r() < 0.05;
    const cells = Array.from({ length: width }, (_, c) =>
      c === locColumn ? (nbsp ? '\u00a0' : `${SITE}/p/${index}-${i}`) : c === 0 || c === width - 1 ? title(r, delimiter) : String(int(r, 500)),
    );
    // A quoted field over 1 MiB is malformed to the run, and past the preview's sample. (Not in the
    // first row: a first MiB with no whole row leaves no layout to tell.)
    if (i > 0 && r() < 0.03) cells[locColumn === 0 ? 1 : 0] = `${'y'.repeat((1 << 20) + 10)}\nend`;
    const line = cells.map((v) => field(v, delimiter)).join(delimiter);
    if (lines.join('\n').length + line.length + 1 > 1 << 20) readable = false;
    lines.push(line);
    if (readable) rows.push(cells);
  }
  return { text: lines.join(r() < 0.5 ? '\n' : '\r\n') + '\n', delimiter, header, rows, locColumn };
}

test(`the preview reads the delimiter, header, roles and rows the run reads (${CASES} generated CSVs)`, { timeout: 300_000 }, async () => {
  const seed = testSeed('preview-agrees.test.ts');
  const r = mulberry32(seed);
  let withLongFields = 0;
  let withBlankish = 0;
  for (let i = 0; i < CASES; i++) {
    const g = generateCsv(r, i);
    const where = `seed ${seed}, case ${i}`;
    if (/"y{1000}|"[^"\n]*x{20000}/.test(g.text)) withLongFields++;
    if (/\n[\s,;]*\r?\n/.test(g.text)) withBlankish++;
    const preview = await inspect(source('list.csv', g.text), nodePlatform, { baseUrl: BASE });
    assert.equal(preview.delimiter, g.delimiter, where);
    assert.deepEqual(preview.header, g.header, where);
    assert.equal(preview.roles.indexOf('loc'), g.locColumn, where);
    assert.deepEqual(preview.rows, g.rows.slice(0, 5), where);
    // The run with the preview's mapping (as the page sends it) writes what the run without one writes.
    const plain = await run(g.text);
    const mapped = await run(g.text, { delimiter: preview.delimiter, roles: preview.roles });
    assert.deepEqual(mapped.locs, plain.locs, where);
    assert.deepEqual(
      [mapped.summary.rows, mapped.summary.accepted, mapped.summary.rejected],
      [plain.summary.rows, plain.summary.accepted, plain.summary.rejected],
      where,
    );
    // The rows the preview shows are the run's first rows.
    const shownUrls = preview.rows.map((row) => row[g.locColumn]).filter((v) => v.startsWith(SITE));
    assert.deepEqual(plain.locs.slice(0, shownUrls.length), shownUrls, where);
  }
  // The generator made the cases this test is about.
  assert.ok(withLongFields > 0 && withBlankish > CASES / 4, `${withLongFields} with long fields, ${withBlankish} with blank-ish rows`);
});
