// Every finding code of SPEC section 4: the input that raises it, the line it names, the value written.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run, BASE } from './helpers.ts';
import { mulberry32, testSeed } from './random.ts';
import { CODE_INFO, CODE_NAMES, Code } from '../src/core/codes.ts';
import type { Options } from '../src/types.ts';

interface Case {
  code: string;
  /** Data rows after the `loc,lastmod,changefreq,priority` header (so the first is line 2). */
  rows: string[];
  line: number;
  value?: string;
  fixed?: string;
  /** What the sitemap gets for the row: a loc, or null when the row is rejected. */
  written?: string | null;
  options?: Partial<Options>;
  /** A whole input instead of header + rows. */
  raw?: string;
}

const H = 'loc,lastmod,changefreq,priority\n';
const U = 'https://www.example.com';

const cases: Case[] = [
  { code: 'loc-missing', rows: [`${U}/a`, ',2025-01-01'], line: 3, written: null },
  { code: 'loc-missing', rows: ['  \t ,2025-01-01'], line: 2, written: null },
  { code: 'loc-relative', rows: ['/about'], line: 2, value: '/about', fixed: `${U}/about`, written: `${U}/about` },
  { code: 'loc-invalid', rows: ['https://exa mple.com/'], line: 2, written: null },
  { code: 'loc-relative', rows: ['about/us.html'], line: 2, value: 'about/us.html', fixed: `${U}/about/us.html`, written: `${U}/about/us.html` },
  { code: 'loc-invalid', rows: ['(not a url)'], line: 2, written: null },
  { code: 'loc-missing', rows: ['(not set)'], line: 2, written: null },
  { code: 'loc-invalid', rows: ['www.example.com/about'], line: 2, written: null },
  { code: 'loc-invalid', rows: ['//www.example.com/x'], line: 2, written: null },
  { code: 'loc-scheme', rows: ['ftp://www.example.com/file'], line: 2, written: null },
  { code: 'loc-scheme', rows: ['javascript:alert(1)'], line: 2, written: null },
  { code: 'loc-credentials', rows: [`https://me:secret@www.example.com/`], line: 2, written: null },
  { code: 'loc-fragment', rows: [`${U}/a#top`], line: 2, fixed: `${U}/a`, written: `${U}/a` },
  { code: 'loc-host', rows: ['https://example.com/a'], line: 2, written: null },
  { code: 'loc-host', rows: ['https://www.example.com:8443/a'], line: 2, written: null },
  { code: 'loc-scheme-mismatch', rows: ['http://www.example.com/a'], line: 2, written: null },
  { code: 'loc-too-long', rows: [`${U}/${'a'.repeat(2048 - U.length - 1)}`], line: 2, written: null },
  { code: 'loc-duplicate', rows: [`${U}/a`, `${U}/b`, `${U}/a`], line: 4, written: null },
  { code: 'loc-duplicate', rows: [`${U}/a`, `HTTPS://WWW.EXAMPLE.COM/a`], line: 3, written: null },
  { code: 'loc-normalized', rows: [`${U}/a b`], line: 2, fixed: `${U}/a%20b`, written: `${U}/a%20b` },
  { code: 'loc-normalized', rows: [`${U}/café`], line: 2, fixed: `${U}/caf%C3%A9`, written: `${U}/caf%C3%A9` },
  { code: 'loc-normalized', rows: ['HTTPS://WWW.EXAMPLE.COM:443/a/./b/../c'], line: 2, fixed: `${U}/a/c`, written: `${U}/a/c` },
  { code: 'loc-normalized', rows: ['https://www.exämple.com/'], line: 2, options: { baseUrl: 'https://www.xn--exmple-cua.com/' }, fixed: 'https://www.xn--exmple-cua.com/', written: 'https://www.xn--exmple-cua.com/' },
  { code: 'loc-normalized', rows: [`${U}/q?x='1'`], line: 2, fixed: `${U}/q?x=%271%27`, written: `${U}/q?x=%271%27` },
  { code: 'loc-outside-directory', rows: [`${U}/a`], line: 2, options: { baseUrl: `${U}/shop/` }, written: `${U}/a` },
  { code: 'loc-outside-directory', rows: [`${U}/a`], line: 2, options: { baseUrl: `${U}/shop/`, strict: true }, written: null },
  { code: 'loc-session-id', rows: [`${U}/cart;jsessionid=1A2B`], line: 2, written: `${U}/cart;jsessionid=1A2B` },
  { code: 'loc-session-id', rows: [`${U}/p?id=3&PHPSESSID=abc`], line: 2, written: `${U}/p?id=3&PHPSESSID=abc` },
  { code: 'loc-session-id', rows: [`${U}/p?ASPSESSIONIDQQ=abc`], line: 2, written: `${U}/p?ASPSESSIONIDQQ=abc` },
  { code: 'loc-session-id', rows: [`${U}/p?sid=1`], line: 2, written: `${U}/p?sid=1` },
  { code: 'lastmod-normalized', rows: [`${U}/a,2025-01-02T03:04Z`], line: 2, value: '2025-01-02T03:04Z', fixed: '2025-01-02T03:04:00Z' },
  { code: 'lastmod-normalized', rows: [`${U}/a,2025-01-02 03:04`], line: 2, fixed: '2025-01-02T03:04:00Z' },
  { code: 'lastmod-normalized', rows: [`${U}/a,2024-11-15 10:22:33 +0100`], line: 2, fixed: '2024-11-15T10:22:33+01:00' },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-11-15T10:22:33 +0100`], line: 2 },
  { code: 'lastmod-normalized', rows: [`${U}/a,2025-01-02T03:04:05`], line: 2, options: { timezone: '+02:00' }, fixed: '2025-01-02T03:04:05+02:00' },
  { code: 'lastmod-normalized', rows: [`${U}/a,2025/01/02`], line: 2, fixed: '2025-01-02' },
  { code: 'lastmod-normalized', rows: [`${U}/a,"Tue, 15 Nov 1994 08:12:31 GMT"`], line: 2, fixed: '1994-11-15T08:12:31Z' },
  { code: 'lastmod-normalized', rows: [`${U}/a,1700000000`], line: 2, fixed: '2023-11-14T22:13:20Z' },
  { code: 'lastmod-normalized', rows: [`${U}/a,1700000000123`], line: 2, fixed: '2023-11-14T22:13:20.123Z' },
  { code: 'lastmod-imprecise', rows: [`${U}/a,2024`], line: 2 },
  { code: 'lastmod-imprecise', rows: [`${U}/a,2024-05`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-02-30`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-13-01`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-01-01T24:00:00Z`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-01-01T10:00:00+15:00`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,2024-01-01T10:30.5Z`], line: 2 },
  { code: 'lastmod-invalid', rows: [`${U}/a,yesterday`], line: 2 },
  { code: 'lastmod-future', rows: [`${U}/a,2026-01-03`], line: 2 },
  { code: 'changefreq-normalized', rows: [`${U}/a,,Weekly`], line: 2, fixed: 'weekly' },
  { code: 'changefreq-normalized', rows: [`${U}/a,, daily `], line: 2, fixed: 'daily' },
  { code: 'changefreq-invalid', rows: [`${U}/a,,fortnightly`], line: 2 },
  { code: 'priority-normalized', rows: [`${U}/a,,,1`], line: 2, fixed: '1.0' },
  { code: 'priority-normalized', rows: [`${U}/a,,,.5`], line: 2, fixed: '0.5' },
  { code: 'priority-normalized', rows: [`${U}/a,,,0.50 `], line: 2, fixed: '0.50' },
  { code: 'priority-invalid', rows: [`${U}/a,,,1.1`], line: 2 },
  { code: 'priority-invalid', rows: [`${U}/a,,,high`], line: 2 },
  { code: 'priority-invalid', rows: [`${U}/a,,,-0.5`], line: 2 },
  { code: 'priority-invalid', rows: [`${U}/a,,,-1`], line: 2 },
  { code: 'priority-invalid', rows: [`${U}/a,,,+`], line: 2 },
  { code: 'priority-invalid', rows: [`${U}/a,,,+-0`], line: 2 },
  { code: 'priority-normalized', rows: [`${U}/a,,,+0.5`], line: 2, fixed: '0.5' },
  { code: 'priority-normalized', rows: [`${U}/a,,,-0.0`], line: 2, fixed: '0.0' },
  { code: 'priority-normalized', rows: [`${U}/a,,,-0`], line: 2, fixed: '0.0' },
  { code: 'row-malformed', rows: [`${U}/a`, `"${U}/b,2025-01-01`, `${U}/c`], line: 3, written: null },
  { code: 'row-encoding', raw: `${H}${U}/a\n${U}/\xc3\xa9\n${U}/\xff\n`, rows: [], line: 4, written: null },
  { code: 'row-columns', rows: [`${U}/a,2025-01-01,daily,0.5,extra`], line: 2, written: `${U}/a` },
  { code: 'column-ignored', raw: `url,title\n${U}/a,Home\n`, rows: [], line: 1, value: 'title' },
  { code: 'base-url-inferred', rows: ['not a url', `${U}/a`], line: 0, options: { baseUrl: undefined }, value: BASE },
  { code: 'list-mixed-hosts', rows: [`${U}/a`, 'https://other.example/1', 'https://other.example/2'], line: 0, value: 'other.example: 2 rows' },
  { code: 'list-uniform-priority', rows: [`${U}/a,,,0.5`, `${U}/b,,,0.5`], line: 0, value: '0.5' },
  { code: 'list-uniform-lastmod', rows: [`${U}/a,2025-01-01`, `${U}/b,2025-01-01`], line: 0, value: '2025-01-01' },
];

test('every code has a message, a severity and a case here', () => {
  assert.equal(CODE_NAMES.length - 1, Object.keys(CODE_INFO).length);
  for (const [name, n] of Object.entries(Code)) {
    if (typeof n !== 'number') continue;
    // A number is a word of its own: RowSoft404 is row-soft-404.
    const kebab = name.replace(/[A-Z]|\d+/g, (c) => '-' + c.toLowerCase()).slice(1);
    assert.equal(CODE_NAMES[n], kebab, `enum ${name} is numbered as ${CODE_NAMES[n]}`);
  }
  const covered = new Set(cases.map((c) => c.code));
  // Section 4's codes are the ones up to list-uniform-lastmod; extensions are tested in extensions.test.ts.
  const section4 = CODE_NAMES.slice(1, CODE_NAMES.indexOf('list-uniform-lastmod') + 1);
  for (const code of section4) assert.ok(covered.has(code), `no case for ${code}`);
});

for (const c of cases) {
  const input = c.raw ?? H + c.rows.join('\n') + '\n';
  test(`${c.code}: ${JSON.stringify(c.raw ?? c.rows.at(-1)).slice(0, 70)}`, async () => {
    const bytes = c.raw?.includes('\xff') ? Uint8Array.from(input, (ch) => ch.charCodeAt(0)) : input;
    const r = await run(bytes, c.options ?? {});
    const hits = r.findings.filter((f) => f.code === c.code);
    assert.ok(hits.length > 0, `no ${c.code} in ${JSON.stringify(r.findings.map((f) => f.code))}`);
    const f = hits.find((h) => h.line === c.line);
    assert.ok(f, `${c.code} at lines ${hits.map((h) => h.line)}, expected ${c.line}`);
    if (c.value !== undefined) assert.equal(f.value, c.value);
    if (c.fixed !== undefined) assert.equal(f.fixed, c.fixed);
    assert.equal(f.severity, c.options?.strict && c.code === 'loc-outside-directory' ? 'error' : CODE_INFO[c.code].severity);
    if (c.fixed !== undefined && c.code.startsWith('lastmod')) assert.ok(r.files['sitemap-1.xml.gz'].includes(`<lastmod>${c.fixed}</lastmod>`));
    if (c.fixed !== undefined && (c.code.startsWith('changefreq') || c.code.startsWith('priority'))) {
      assert.ok(r.files['sitemap-1.xml.gz'].includes(`>${c.fixed}</`));
    }
    if (c.code.endsWith('-invalid') || c.code === 'lastmod-imprecise') {
      const field = c.code.split('-')[0];
      if (field !== 'loc') assert.ok(!r.files['sitemap-1.xml.gz'].includes(`<${field}>`), `${field} should be dropped`);
    }
    if (c.written !== undefined) {
      const rowLoc = r.locs;
      if (c.written === null) {
        assert.equal(r.summary.rows, r.summary.accepted + r.summary.rejected + r.summary.excluded);
        const errors = r.findings.filter((x) => x.line === c.line && x.severity === 'error');
        assert.equal(errors.length, 1, 'a rejected row has exactly one error');
      } else {
        assert.ok(rowLoc.includes(c.written), `${c.written} not in ${JSON.stringify(rowLoc)}`);
      }
    }
  });
}

test('an HTTP-date is taken only with its own weekday, as Date#toUTCString writes it', async () => {
  const random = mulberry32(testSeed('rules.test.ts http-date'));
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const rows: string[] = [];
  const want: (string | null)[] = [];
  for (let i = 0; i < 400; i++) {
    // 1600–2199, whole seconds: the days before 1970 and the leap-year rules count too.
    const ms = Math.floor((random() * 600 - 370) * 365.25 * 86400) * 1000;
    const date = new Date(ms);
    let text = date.toUTCString();
    const shift = i % 2 === 0 ? 0 : 1 + Math.floor(random() * 6);
    if (shift) text = days[(days.indexOf(text.slice(0, 3)) + shift) % 7] + text.slice(3);
    rows.push(`${U}/d${i},"${text}"`);
    want.push(shift ? null : date.toISOString().replace('.000', ''));
  }
  const r = await run(H + rows.join('\n') + '\n');
  const byLine = new Map(r.findings.filter((f) => f.code.startsWith('lastmod-') && f.code !== 'lastmod-future').map((f) => [f.line, f]));
  want.forEach((fixed, i) => {
    const f = byLine.get(i + 2);
    if (fixed === null) assert.equal(f?.code, 'lastmod-invalid', `${rows[i]}: a wrong weekday`);
    else assert.deepEqual([f?.code, f?.fixed], ['lastmod-normalized', fixed], rows[i]);
  });
});

test('rules stop at the first failing loc rule, in the order of the spec', async () => {
  // Fragment (fix) then host (error): both named, the row rejected once.
  const r = await run(`loc\nhttps://other.example/a#x\n`);
  assert.deepEqual(r.findings.map((f) => f.code), ['loc-host', 'list-mixed-hosts']);
  assert.equal(r.summary.rejected, 1);
});

test('values as given are written as given', async () => {
  const r = await run(`${H}${U}/a,2025-01-02T03:04:05.123+05:30,hourly,0.25\n${U}/b,2025-01-02,never,0.0\n`);
  assert.deepEqual(r.findings, []);
  const xml = r.files['sitemap-1.xml.gz'];
  assert.ok(xml.includes('<lastmod>2025-01-02T03:04:05.123+05:30</lastmod><changefreq>hourly</changefreq><priority>0.25</priority>'));
  assert.ok(xml.includes('<lastmod>2025-01-02</lastmod><changefreq>never</changefreq><priority>0.0</priority>'));
});

test('a header is recognised by any loc name, case and separators aside; no header means loc first', async () => {
  for (const name of ['URL', 'Address', 'link', 'HREF', 'Page', 'l-o_c']) {
    const r = await run(`title,${name},Last Modified\nHome,${U}/,2025-01-01\n`);
    assert.deepEqual(r.locs, [`${U}/`], name);
    assert.equal(r.summary.rows, 1);
  }
  const r = await run(`${U}/a,2025-01-01,daily,0.5\n${U}/b\n`);
  assert.equal(r.summary.rows, 2);
  assert.ok(r.files['sitemap-1.xml.gz'].includes('<loc>https://www.example.com/a</loc><lastmod>2025-01-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority>'));
});

test('blank lines and rows of empty fields are skipped, not rows; lines still count', async () => {
  const r = await run(`loc,lastmod\n\n${U}/a,\n,\n   \n${U}/a,\n`);
  assert.equal(r.summary.skipped, 3);
  assert.equal(r.summary.rows, 2);
  assert.equal(r.findings[0].code, 'loc-duplicate');
  assert.equal(r.findings[0].line, 6);
});

test('semicolon and tab lists are detected; a text list is one URL per line', async () => {
  assert.deepEqual((await run(`loc;priority\n${U}/a;0.5\n${U}/b;0.4\n`)).locs, [`${U}/a`, `${U}/b`]);
  assert.deepEqual((await run(`loc\tpriority\n${U}/a\t0.5\n${U}/b\t0.4\n`)).locs, [`${U}/a`, `${U}/b`]);
  assert.deepEqual((await run(`${U}/a,b\n${U}/c\n${U}/d;e\n`)).locs, [`${U}/a,b`, `${U}/c`, `${U}/d;e`]);
});
