// The findings store and pager that generate and the audit share: texts kept and read back exactly,
// and one filter that narrows generate's findings and the audit's alike.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditFiles } from '../src/check/index.ts';
import { generate } from '../src/generate/engine.ts';
import { selectFindings, type FindingFilter } from '../src/findings/filter.ts';
import { FindingPager } from '../src/findings/pager.ts';
import { FindingRecords, TextParts, TextRanges } from '../src/findings/records.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { BASE, NOW, source } from './helpers.ts';
import type { Severity } from '../src/types.ts';

const U = 'https://www.example.com';
const bytes = (s: string) => new TextEncoder().encode(s);

/** Two texts as ranges of one block, after a few bytes of something else (as in the core's blocks). */
function ranges(value: string, fixed: string, valueCut = false, fixedCut = false): TextRanges {
  const [v, f] = [bytes(value), bytes(fixed)];
  const t = new TextRanges();
  t.bytes = new Uint8Array(3 + v.length + f.length).fill(0x2f);
  t.bytes.set(v, 3);
  t.bytes.set(f, 3 + v.length);
  [t.valueAt, t.valueEnd, t.fixedAt, t.fixedEnd, t.valueCut, t.fixedCut] = [3, 3 + v.length, 3 + v.length, t.bytes.length, valueCut, fixedCut];
  return t;
}

test('records: texts of every length come back as given, a fix that starts its value shares its bytes', () => {
  const store = new FindingRecords(['', 'a', 'b']);
  const texts = ['', 'é ✓ 𝄞', 'x'.repeat(1 << 20), 'y'.repeat((1 << 20) + 5), ...Array.from({ length: 3000 }, (_, i) => `${U}/${i}/`.repeat(1 + (i % 40)))];
  for (const [i, t] of texts.entries()) {
    if (i % 2) store.addText({ line: i, column: 0, code: 1, severity: 'warning', source: i % 3 }, t);
    else store.addBytes({ line: i, column: i + 1, code: 2, severity: 'fix', source: 7 }, ranges(t + '#frag', t, i % 4 === 0, false));
  }
  assert.equal(store.length, texts.length);
  for (const [i, t] of texts.entries()) {
    assert.equal(store.line(i), i);
    if (i % 2) {
      assert.deepEqual([store.value(i), store.fixed(i), store.code(i), store.severity(i), store.source(i)], [t, '', 'a', 'warning', i % 3]);
    } else {
      assert.deepEqual([store.value(i, '…'), store.fixed(i, '…'), store.code(i), store.severity(i), store.column(i)], [t + '#frag' + (i % 4 === 0 ? '…' : ''), t, 'b', 'fix', i + 1]);
    }
  }
  assert.deepEqual([...store.perCode()], [0, texts.length / 2, texts.length / 2]);
});

test('records: values on origins that take turns (a host in several spellings, more of them than are kept at hand) come back as given', () => {
  const store = new FindingRecords(['', 'a']);
  const origins = ['https://WWW.Example.com', 'https://www.EXAMPLE.com', 'HTTPS://WWW.EXAMPLE.COM', 'https://www.example.com', 'http://a.example', 'https://b.example:8443', 'ftp://c.example'];
  const texts = Array.from({ length: 5000 }, (_, i) => `${origins[(i * 7 + (i >> 3)) % origins.length]}/p/${i}`);
  for (const [i, t] of texts.entries()) store.addBytes({ line: i + 1, column: 1, code: 1, severity: 'fix', source: 0 }, ranges(t, t.toLowerCase()));
  for (const [i, t] of texts.entries()) assert.deepEqual([store.value(i), store.fixed(i)], [t, t.toLowerCase()], `finding ${i}`);
});

test('records: a fix that is not the start of its value is kept on its own', () => {
  const store = new FindingRecords(['', 'a']);
  store.addBytes({ line: 1, column: 1, code: 1, severity: 'fix', source: 0 }, ranges(`${U}/b?utm_source=x&id=2`, `${U}/b?id=2`));
  store.addBytes({ line: 2, column: 1, code: 1, severity: 'fix', source: 0 }, ranges('same', 'same'));
  // A value longer than a page of the store, its fix after it on the same long page.
  const long = `${U}/${'q'.repeat(3 << 20)}`;
  store.addBytes({ line: 3, column: 1, code: 1, severity: 'fix', source: 0 }, ranges(long, `${U}/${'r'.repeat(1 << 20)}`));
  assert.deepEqual([store.value(0), store.fixed(0), store.value(1), store.fixed(1)], [`${U}/b?utm_source=x&id=2`, `${U}/b?id=2`, 'same', 'same']);
  assert.ok(store.value(2) === long && store.fixed(2) === `${U}/${'r'.repeat(1 << 20)}`);
});

test('records: fixes that are an origin and the value\'s rest (relative paths, hosts in other case), and near misses, come back as given', () => {
  const store = new FindingRecords(['', 'a']);
  const origins = [U, 'https://WWW.Example.com', 'HTTPS://www.example.com', 'http://a.example', ''];
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const pairs: [string, string, boolean][] = [];
  for (let i = 0; i < 4000; i++) {
    const rest = ['/', `/p/${i}`, `p/${i}?q=1`, `/é/${i}`, '', `/${'z'.repeat(rand(3) ? 5 : 70000)}`][rand(6)];
    const value = origins[rand(origins.length)] + rest;
    let fixed = origins[rand(4)] + rest;
    const miss = rand(6);
    if (miss === 0) fixed = fixed.slice(0, -1) + (fixed.endsWith('x') ? 'y' : 'x');
    if (miss === 1) fixed += '/';
    if (miss === 2) fixed = origins[rand(4)];
    pairs.push([value, fixed, rand(9) === 0]);
  }
  for (const [i, [value, fixed, cut]] of pairs.entries()) store.addBytes({ line: i + 1, column: 1, code: 1, severity: 'fix', source: 0 }, ranges(value, fixed, false, cut));
  const decode = (p: TextParts) => new TextDecoder().decode(p.head.subarray(0, p.headEnd)) + new TextDecoder().decode(p.tail.subarray(p.tailAt, p.tailEnd));
  for (const [i, [value, fixed, cut]] of pairs.entries()) {
    assert.deepEqual([store.value(i), store.fixed(i, '…')], [value, fixed + (cut ? '…' : '')], `finding ${i}`);
    assert.equal(decode(store.fixedParts(i, new TextParts())), fixed, `finding ${i}, as bytes`);
    assert.equal(decode(store.valueParts(i, new TextParts())), value, `finding ${i}, value as bytes`);
  }
});

const LISTS = {
  'a.txt': [`${U}/a#Top`, `HTTPS://WWW.EXAMPLE.COM:443/c`, `${U}/d`, `${U}/e#Reviews`, `${U}/g/./h`],
  'b.txt': [`${U}/b1`, `${U}/b2#Intro`, `${U}/B3/../b4`, `HTTP://www.example.com/b5#x`],
};

const FILTERS: FindingFilter[] = [
  {},
  { codes: ['loc-fragment'] },
  { codes: ['loc-normalized', 'loc-fragment'], files: ['b.txt'] },
  { severities: ['fix'] },
  { severities: ['error'] },
  { files: ['a.txt'] },
  { search: 'TOP' },
  { search: '  fragment REMOVED ' },
  { search: 'Loc-Norm' },
  { search: 'B.TXT' },
  { search: 'www.example.com/g/h' },
  { search: 'intro', files: ['a.txt'] },
  { search: 'nothing like this' },
];

test('one filter: generate and the audit of the same lists select the same findings, whatever the case of the search', async () => {
  const inputs = () => Object.entries(LISTS).map(([name, lines]) => source(name, lines.join('\n') + '\n'));
  const generated = (await generate(inputs(), { baseUrl: BASE, now: NOW }, nodePlatform)).findings;
  const audited = (await auditFiles(inputs(), { baseUrl: BASE, now: NOW }, nodePlatform)).findings;
  const place = (list: typeof generated | typeof audited, i: number) => `${list.file(i)}:${list.at(i).line} ${list.code(i)}`;
  const all = (list: typeof generated | typeof audited) => Array.from({ length: list.length }, (_, i) => place(list, i)).sort();
  // The lists give both the same findings: the filters then compare like with like.
  assert.deepEqual(all(generated), all(audited));
  assert.equal(generated.length, 7);
  for (const filter of FILTERS) {
    const g = [...selectFindings(generated, filter)].map((i) => place(generated, i)).sort();
    const a = [...selectFindings(audited, filter)].map((i) => place(audited, i)).sort();
    assert.deepEqual(g, a, JSON.stringify(filter));
    assert.ok(filter.search !== 'nothing like this' || g.length === 0);
  }
  const count = (filter: FindingFilter) => selectFindings(audited, filter).length;
  assert.deepEqual([count({ search: 'TOP' }), count({ search: 'B.TXT' }), count({ search: 'intro', files: ['a.txt'] }), count({ codes: ['loc-fragment'] }), count({ severities: ['error'] })], [1, 3, 0, 3, 1]);
});

test('the pager: pages of the filtered findings, the total of all that pass', async () => {
  const lines = Array.from({ length: 250 }, (_, i) => `${U}/p${i}${i % 3 ? '' : '#Frag'}${i % 5 ? '' : '/./x'}`);
  const audit = await auditFiles([source('urls.txt', lines.join('\n') + '\n')], { baseUrl: BASE, now: NOW }, nodePlatform);
  const pager = new FindingPager(audit.findings);
  const filter = { search: 'FRAG' };
  const hits = [...selectFindings(audit.findings, filter)];
  assert.equal(hits.length, 84);
  const seen = [];
  for (let start = 0; start < hits.length; start += 30) {
    const page = pager.page(filter, start, 30);
    assert.equal(page.total, hits.length);
    seen.push(...page.findings);
  }
  assert.deepEqual(seen, hits.map((i) => audit.findings.at(i)));
  assert.equal(pager.page({}, 0, 0).total, audit.findings.length);
  assert.deepEqual(pager.page({}, audit.findings.length - 1, 10).findings, [audit.findings.at(audit.findings.length - 1)]);
});

test('the pager shows errors first, then rows left out, warnings, fixes and notes, each in the order found', () => {
  const severities: Severity[] = ['info', 'fix', 'error', 'warning', 'fix', 'excluded', 'error', 'info'];
  const list = {
    length: severities.length,
    code: (i: number) => `code-${i}`,
    severity: (i: number) => severities[i],
    file: () => '',
    words: () => [],
    at: (i: number) => ({ i, severity: severities[i] }),
  };
  const pager = new FindingPager(list);
  assert.deepEqual(pager.page({}, 0, 100).findings.map((f) => f.i), [2, 6, 5, 3, 1, 4, 0, 7]);
  // Filtered too, and paged across the order.
  assert.deepEqual(pager.page({ severities: ['info', 'error'] }, 1, 2).findings.map((f) => f.i), [6, 0]);
  assert.equal(pager.page({ severities: ['info', 'error'] }, 0, 0).total, 4);
});
