// `sitemill check` (SPEC sections 7 and 8): the --json shape, human-readable lines, folders and zips,
// and the exit codes. The generator's own output is the clean input: what we write passes our check.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { cli, tempDir, tempFile, BASE, NOW, ROOT } from './helpers.ts';
import { U, url, urlset } from './check-helpers.ts';

function generated(rows: number): { dir: string; list: string } {
  const list = ['loc,lastmod,changefreq,priority'];
  for (let i = 0; i < rows; i++) {
    list.push(`${U}/p/${i}?q=a&b=${i % 7},2025-0${1 + (i % 9)}-1${i % 10},${['daily', 'weekly'][i % 2]},0.${i % 10}`);
  }
  list.push(`${U}/Ünïcode path/<x>&"y"'z,2025-01-01 10:00,Monthly,1`);
  const dir = join(tempDir(), 'out');
  const path = tempFile('list.csv', list.join('\n') + '\n');
  const r = cli(['generate', path, '--base-url', BASE, '--out-dir', dir, '--max-urls', '40', '--now', NOW, '--quiet']);
  assert.equal(r.status, 0, r.stderr);
  return { dir, list: path };
}

test("the generator's output checks clean: exit 0, no findings, an index whose files are all there", () => {
  const { dir, list } = generated(100);
  const r = cli(['check', dir, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.findings, []);
  assert.deepEqual(json.codes, {});
  assert.deepEqual(
    json.files.map((f: { name: string; kind: string; urls: number }) => [f.name.slice(dir.length + 1), f.kind, f.urls]),
    [
      ['sitemap-1.xml.gz', 'urlset', 40],
      ['sitemap-2.xml.gz', 'urlset', 40],
      ['sitemap-3.xml.gz', 'urlset', 21],
      ['sitemap-index.xml', 'sitemapindex', 3],
    ],
    'the folder is read for its sitemaps: report.csv, manifest.json and robots-sitemap.txt are not',
  );
  // Named one by one, and uncompressed, the same.
  const xmlDir = join(tempDir(), 'xml');
  const g = cli(['generate', list, '--base-url', BASE, '--out-dir', xmlDir, '--no-gzip', '--format', 'txt', '--now', NOW, '--quiet']);
  assert.equal(g.status, 0, g.stderr);
  const files = readdirSync(xmlDir).filter((n) => n.startsWith('sitemap-')).map((n) => join(xmlDir, n));
  const named = cli(['check', ...files, '--now', NOW]);
  assert.equal(named.status, 0, named.stdout + named.stderr);
  assert.equal(named.stdout, '2 files, 102 entries: 0 errors, 0 warnings, 0 fixes, 0 info\n');
});

test('--json prints {files, codes, findings} of section 7; exit 4 when an error is found', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'a.xml'), urlset(url(`${U}/a`, '<lastmod>2024-02-30</lastmod>') + url(`${U}/b?x&y`) + url(`${U}/a`)));
  const r = cli(['check', join(dir, 'a.xml'), '--json']);
  assert.equal(r.status, 4, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(json), ['files', 'codes', 'findings']);
  assert.deepEqual(json.files, [{ name: join(dir, 'a.xml'), kind: 'urlset', urls: 3, bytes: json.files[0].bytes, findings: 3 }]);
  assert.deepEqual(json.codes, { 'xml-schema': 1, 'xml-unescaped': 1, 'loc-duplicate': 1 });
  for (const f of json.findings) assert.deepEqual(Object.keys(f), ['file', 'line', 'code', 'severity', 'message']);
  assert.deepEqual(
    json.findings.map((f: { line: number; code: string; severity: string }) => `${f.line} ${f.severity} ${f.code}`),
    ['3 error xml-schema', '4 error xml-unescaped', '5 warning loc-duplicate'],
  );
  assert.equal(r.stderr, '');
});

test('human output: one line per finding, file:line: severity code message, then a summary', () => {
  const file = tempFile('urls.txt', `${U}/a\nnot a url\n${U}/a\n`);
  const r = cli(['check', file]);
  assert.equal(r.status, 4);
  assert.equal(
    r.stdout,
    `${file}:2: error text-not-url not an absolute URL: "not a url"\n` +
      `${file}:3: warning loc-duplicate the same URL as ${file}:1: ${U}/a\n` +
      '1 file, 3 entries: 1 error, 1 warning, 0 fixes, 0 info\n' +
      'findings: text-not-url 1, loc-duplicate 1\n',
  );
});

test('only warnings and fixes: exit 0', () => {
  // Values the schema takes: a lastmod in the future is a warning, not a schema error.
  const r = cli(['check', tempFile('a.xml', urlset(url(`${U}/a b`, '<lastmod>2099-01-01</lastmod>'))), '--json']);
  assert.equal(r.status, 0, r.stdout);
  assert.deepEqual(JSON.parse(r.stdout).codes, { 'loc-normalized': 1, 'lastmod-future': 1 });
});

test('extension values are checked too, across the files given', () => {
  const ns = ' xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
  const link = (code: string, href: string) => `<xhtml:link rel="alternate" hreflang="${code}" href="${href}"/>`;
  const a = tempFile('a.xml', urlset(url(`${U}/a`, '<image:image><image:loc>ftp://x/</image:loc></image:image>' + link('en', `${U}/a`) + link('de', `${U}/b`)), ns));
  const b = tempFile('b.xml', urlset(url(`${U}/b`), ns));
  const r = cli(['check', a, b, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.codes, { 'image-invalid': 1, 'hreflang-not-reciprocal': 1 });
  assert.deepEqual(json.findings.map((f: { line: number }) => f.line), [3, 3]);
});

test('folders are read recursively, zips and gzip by content', () => {
  const root = tempDir();
  mkdirSync(join(root, 'deep', 'er'), { recursive: true });
  writeFileSync(join(root, 'b.xml'), urlset(url(`${U}/b`)));
  writeFileSync(join(root, 'deep', 'er', 'c.xml.gz'), gzipSync(urlset(url(`${U}/c`, '<priority>1</priority>'))));
  writeFileSync(join(root, 'deep', 'set.zip'), zipSync({ 'd.xml': new TextEncoder().encode(urlset(url(`${U}/d;jsessionid=1`))) }));
  writeFileSync(join(root, 'notes.md'), 'not read');
  writeFileSync(join(root, '.hidden.xml'), 'not read');
  const r = cli(['check', root, '--json']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(
    json.files.map((f: { name: string }) => f.name.slice(root.length + 1)),
    ['b.xml', 'deep/er/c.xml.gz', 'deep/set.zip/d.xml'],
  );
  assert.deepEqual(
    json.findings.map((f: { file: string; line: number; code: string }) => `${f.file.slice(root.length + 1)}:${f.line} ${f.code}`),
    ['deep/er/c.xml.gz:3 priority-normalized', 'deep/set.zip/d.xml:3 loc-session-id'],
  );
});

test('- reads standard input, gzipped or not, in its place among the files; its copy is removed', () => {
  const before = tempFile('before.xml', urlset(url(`${U}/a`)));
  const after = tempFile('after.xml', urlset(url(`${U}/c`)));
  const piped = gzipSync(urlset(url(`${U}/a`) + url(`${U}/b`)));
  const tmp = tempDir();
  const r = spawnSync(process.execPath, [join(ROOT, 'lib', 'cli.js'), 'check', before, '-', after, '--json'], { input: piped, env: { ...process.env, TMPDIR: tmp } });
  assert.equal(r.status, 0, r.stderr.toString());
  const json = JSON.parse(r.stdout.toString());
  assert.deepEqual(json.files.map((f: { name: string; urls: number }) => [f.name, f.urls]), [[before, 1], ['stdin', 2], [after, 1]]);
  // Placing a duplicate reads the input again: the copy serves it.
  assert.deepEqual(json.findings.map((f: { file: string; line: number; message: string }) => [f.file, f.line, f.message]), [
    ['stdin', 3, `the same URL as ${before}:3: ${U}/a`],
  ]);
  assert.deepEqual(readdirSync(tmp), [], 'the copy is gone');
  const twice = cli(['check', '-', '-'], '');
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /- \(standard input\) can be given once/);
});

test('bad usage exits 2; no readable file exits 1; an unreadable one among others is an error', () => {
  for (const args of [['check'], ['check', '--frobnicate', 'x.xml'], ['check', 'x.xml', '--base-url', 'not a url'], ['check', 'x.xml', '--now', 'soon']]) {
    const r = cli(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^sitemill: [^\n]+\nTry 'sitemill check --help'\n$/);
  }
  const missing = cli(['check', join(tempDir(), 'missing.xml')]);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read .*missing\.xml: no such file or folder \(ENOENT\)\nsitemill: no file could be read\n$/);
  const missingJson = cli(['check', join(tempDir(), 'missing.xml'), '--json']);
  assert.equal(missingJson.status, 1);
  assert.deepEqual(JSON.parse(missingJson.stdout), { error: { code: 'input', message: 'no file could be read' } });
  const some = cli(['check', join(tempDir(), 'missing.xml'), tempFile('a.xml', urlset(url(`${U}/a`)))]);
  assert.equal(some.status, 4);
  assert.match(some.stderr, /ENOENT/);
  // The summary and the JSON say why the exit code is 4 when no finding is an error.
  assert.match(some.stdout, /0 errors.*\n\s*not read: cannot read .*missing\.xml: no such file or folder \(ENOENT\)\n$/s);
  const json = cli(['check', join(tempDir(), 'missing.xml'), tempFile('b.xml', urlset(url(`${U}/a`))), '--json']);
  assert.equal(json.status, 4);
  assert.match(JSON.parse(json.stdout).unreadable[0], /^cannot read .*missing\.xml: no such file or folder \(ENOENT\)$/);
  assert.match(cli(['--help']).stdout, /\n {2}check <file\|url…\|-> +audit sitemaps/);
  for (const [asked, command] of [[['check', '--help'], 'check'], [['check', '-h'], 'check'], [['help', 'check'], 'check'], [['generate', 'list.csv', '--help'], 'generate']] as const) {
    const help = cli([...asked]);
    assert.equal(help.status, 0, asked.join(' '));
    assert.ok(help.stdout.startsWith(`Usage: sitemill ${command} `), asked.join(' '));
  }
  const check = cli(['check', '--help']).stdout;
  for (const option of ['--json', '--base-url', '--now', '--sample-pages', '--concurrency', '--timeout']) assert.match(check, new RegExp(`\n {6}${option} .*\\S`), option);
  assert.match(check, /\nExamples:\n {2}sitemill check /);
  assert.match(check, /\nExit codes: 0 nothing at error level, 1 no file could be read, 2 bad usage,\s+4 /);
});

test('a zip that holds only a list (CSV, JSON, robots files) says so, and exits 1', () => {
  const only = tempFile('only.zip', zipSync({ 'list.csv': new TextEncoder().encode(`loc\n${U}/a\n`) }));
  const r = cli(['check', only]);
  assert.equal(r.status, 1);
  assert.equal(r.stderr, `sitemill: no sitemap was found: ${only}/list.csv was passed over, as the CSV, JSON and robots files in a zip are (to check a list of URLs, generate from it)\n`);
  const empty = cli(['check', tempFile('empty.zip', zipSync({}))]);
  assert.equal(empty.status, 1);
  assert.match(empty.stderr, /no file to check was found/);
  // A damaged zip is no empty one: it says so, as an error.
  const damaged = tempFile('damaged.zip', new TextEncoder().encode('PK\x03\x04garbage'));
  const bad = cli(['check', damaged]);
  assert.equal(bad.status, 4, bad.stderr);
  assert.equal(bad.stdout.split('\n')[0], `${damaged}: error gzip-broken the zip archive is damaged: it opens an entry that cannot be read`);
});
