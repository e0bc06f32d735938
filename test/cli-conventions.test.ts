// SPEC section 8's conventions (2026-12): help per command, one-line usage errors, -o - on standard
// output, --json's findings and fatal errors, and messages that keep an input's control characters
// from reaching the terminal.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { unzipSync } from 'fflate';
import { cli, tempDir, tempFile, NOW, BASE } from './helpers.ts';
import { CLI, unzipTest } from './helpers/cli.ts';

const U = 'https://www.example.com';
const LIST = `loc,lastmod\n${U}/,2025-01-01\n${U}/a b,2025-01-02\nftp://x/,\n`;

/** The options a command's usage line and parseArgs know, as `--name`. */
const GENERATE_OPTIONS = [
  '--output', '--out-dir', '--json', '--json-findings', '--quiet', '--strict', '--base-url', '--format', '--no-gzip', '--gzip-level',
  '--max-urls', '--max-bytes', '--prefix', '--timezone', '--now', '--sheet', '--column', '--keep', '--strip-param', '--include',
  '--exclude', '--robots', '--robots-agent', '--section-by', '--section', '--previous', '--keep-shape',
];

test('generate --help gives every option its line, examples and the exit codes; sitemill --help lists the commands', () => {
  const r = cli(['generate', '--help']);
  assert.equal(r.status, 0);
  assert.ok(r.stdout.startsWith('Usage: sitemill generate <input…|-> [options]\n'));
  for (const option of GENERATE_OPTIONS) assert.match(r.stdout, new RegExp(`\\n {2}(-., |    )${option}(=| |\\n)[^\\n]*\\S`), option);
  // Each option says what it does: text after the option and its value, or on the next line, in
  // the column of the others; no line is wider than a terminal's 80 columns.
  const lines = r.stdout.split('\n');
  lines.forEach((line, i) => {
    if (/^ {2}(-., | {4})--/.test(line)) assert.match(line.length > 29 ? line : lines[i + 1], /^.{29}\S/, line);
  });
  for (const help of [r.stdout, cli(['--help']).stdout, cli(['check', '--help']).stdout]) for (const line of help.split('\n')) assert.ok([...line].length <= 80, line);
  assert.match(r.stdout, /\nExamples:\n {2}sitemill generate urls\.csv /);
  assert.match(r.stdout, /\nExit codes: 0 written .*1 a fatal error .*2 bad\s+usage, 3 with --strict .*130 interrupted \(SIGINT\),\s+143 terminated \(SIGTERM\)\.\n$/s);
  assert.equal(cli(['help', 'generate']).stdout, r.stdout);
  const top = cli(['--help']);
  assert.equal(top.status, 0);
  assert.match(top.stdout, /^Usage: sitemill <command> \[options\]\n/);
  assert.match(top.stdout, /\n {2}generate <input…\|-> +write /);
  assert.notEqual(top.stdout, r.stdout);
  // No command at all: the help, on standard error, as bad usage.
  const none = cli([]);
  assert.equal(none.status, 2);
  assert.equal(none.stderr, top.stdout);
});

test('a usage error is one line and where the help is, exit 2', () => {
  const cases: [string[], string][] = [
    [['generate', 'x.csv', '--bogus'], 'unknown option --bogus'],
    [['generate', 'x.csv', '-o'], '--output needs a value'],
    [['generate', 'x.csv', '--json=yes'], '--json takes no value'],
    [['generate', 'x.csv', '--max-urls', 'lots'], '--max-urls takes a whole number, not lots'],
    [['generate', 'x.csv', '--json-findings', 'all'], '--json-findings takes a whole number, not all'],
    [['check', '--frobnicate', 'x.xml'], 'unknown option --frobnicate'],
  ];
  for (const [args, line] of cases) {
    const r = cli(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stderr, `sitemill: ${line}\nTry 'sitemill ${args[0]} --help'\n`);
    assert.equal(r.stdout, '');
  }
  const unknown = cli(['frobnicate']);
  assert.equal(unknown.stderr, "sitemill: unknown command frobnicate\nTry 'sitemill --help'\n");
});

test('-o - writes the zip to standard output and the summary to standard error', () => {
  const input = tempFile('list.csv', LIST);
  const dir = tempDir();
  const r = spawnSync(process.execPath, [CLI, 'generate', input, '--base-url', BASE, '--now', NOW, '-o', '-'], { cwd: dir });
  assert.equal(r.status, 0, r.stderr.toString());
  const names = Object.keys(unzipSync(new Uint8Array(r.stdout)));
  assert.deepEqual(names, ['sitemap-1.xml.gz', 'sitemap-index.xml', 'robots-sitemap.txt', 'report.csv', 'manifest.json']);
  assert.match(r.stderr.toString(), /^3 rows: 2 accepted, 1 rejected.*\n1 sitemap file written to standard output\n/);
  // --json goes to standard error too, and no file named - is made.
  const json = spawnSync(process.execPath, [CLI, 'generate', input, '--base-url', BASE, '--now', NOW, '-o', '-', '--json'], { cwd: dir });
  assert.equal(JSON.parse(json.stderr.toString()).accepted, 2);
  assert.deepEqual(Object.keys(unzipSync(new Uint8Array(json.stdout))).length, 5);
  assert.equal(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout, '');
});

test('-o - | unzip -t through a shell pipe, and -o - > out.zip', () => {
  const input = tempFile('list.csv', LIST + Array.from({ length: 5000 }, (_, i) => `${U}/p/${i}`).join('\n'));
  const dir = tempDir();
  const run = `"${process.execPath}" "${CLI}" generate "${input}" --base-url ${BASE} --now ${NOW} --quiet -o -`;
  // unzip seeks (the directory is at the end), so it reads what the pipe gave, once it has ended.
  const piped = spawnSync('bash', ['-c', `set -o pipefail; ${run} | cat > piped.zip && unzip -t piped.zip`], { cwd: dir, encoding: 'utf8' });
  assert.equal(piped.status, 0, piped.stdout + piped.stderr);
  assert.match(piped.stdout, /No errors detected in compressed data of piped\.zip/);
  assert.equal(unzipTest(join(dir, 'piped.zip')).status, 0);
  // -o /dev/stdout names the same pipe through a link the pipe has no path behind.
  const devStdout = spawnSync('bash', ['-c', `set -o pipefail; ${run.replace('-o -', '-o /dev/stdout')} | cat > dev.zip && unzip -t dev.zip`], { cwd: dir, encoding: 'utf8' });
  assert.equal(devStdout.status, 0, devStdout.stdout + devStdout.stderr);
  // Standard output redirected to a file, as `> out.zip` does.
  const redirected = spawnSync('bash', ['-c', `${run} > out.zip && unzip -t out.zip`], { cwd: dir, encoding: 'utf8' });
  assert.equal(redirected.status, 0, redirected.stdout + redirected.stderr);
  assert.match(redirected.stdout, /testing: sitemap-1\.xml\.gz +OK/);
});

test('-o - to a terminal or to a reader that goes away: one line, exit 1', () => {
  const input = tempFile('list.csv', LIST + Array.from({ length: 200_000 }, (_, i) => `${U}/p/${i.toString(36)}x${(i * 7919).toString(16)}`).join('\n'));
  // `head -c 1` closes the pipe after one byte: the next write fails with EPIPE.
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" generate "${input}" --base-url ${BASE} --json -o - 2>err.txt | head -c 1 >/dev/null; cat err.txt`], { cwd: tempDir(), encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  assert.deepEqual(JSON.parse(lines[0]), { error: { code: 'output', message: 'cannot write standard output: the reading end was closed (EPIPE)' } });
  assert.deepEqual(lines.slice(1), ['sitemill: cannot write standard output: the reading end was closed (EPIPE)']);
  // A terminal as standard output (util-linux's script gives the run one): refused, nothing written to it.
  const tty = spawnSync('script', ['-qec', `"${process.execPath}" "${CLI}" generate "${input}" --base-url ${BASE} -o -`, '/dev/null'], { encoding: 'utf8' });
  assert.ifError(tty.error);
  assert.equal(tty.status, 1);
  assert.equal(tty.stdout.replaceAll('\r', ''), 'sitemill: -o - writes the zip to standard output, which is a terminal: redirect it to a file or a pipe\n');
});

test('--json lists the first findings (--json-findings N) with the counts per code', () => {
  const list = 'loc\n' + Array.from({ length: 300 }, (_, i) => `${U}/p ${i}`).join('\n') + '\nftp://x/\n';
  const input = tempFile('list.csv', list);
  const run = (...more: string[]) => cli(['generate', input, '--base-url', BASE, '--now', NOW, '-o', join(tempDir(), 'o.zip'), '--json', ...more]);
  const json = JSON.parse(run().stdout);
  assert.deepEqual(json.codes, { 'loc-normalized': 300, 'loc-scheme': 1 });
  assert.equal(json.findings.length, 100);
  assert.deepEqual(json.findings[0], { input: '', line: 2, column: 1, code: 'loc-normalized', severity: 'fix', message: json.findings[0].message, value: `${U}/p 0`, fixed: `${U}/p%200` });
  assert.match(json.findings[0].message, /\S/);
  const all = JSON.parse(run('--json-findings', '1000').stdout);
  assert.equal(all.findings.length, 301);
  assert.deepEqual(all.findings.at(-1), { input: '', line: 302, column: 1, code: 'loc-scheme', severity: 'error', message: all.findings.at(-1).message, value: 'ftp://x/', fixed: '' });
  // The findings are report.csv's rows, in order; a cell neutralised there (a leading -) is given as it was.
  const dir = tempDir();
  const csv = tempFile('dash.csv', `loc,lastmod\n${U}/a,-1\n`);
  const dash = JSON.parse(cli(['generate', csv, '--base-url', BASE, '--now', NOW, '--out-dir', dir, '--json']).stdout);
  assert.match(readFileSync(join(dir, 'report.csv'), 'utf8'), /,'-1,/);
  assert.equal(dash.findings.find((f: { column: number }) => f.column === 2).value, '-1');
  assert.deepEqual(JSON.parse(run('--json-findings', '0').stdout).findings, []);
});

test('--json on a fatal error prints {error: {code, message}} on standard output, exit 1', () => {
  const missing = cli(['generate', '/nonexistent/list.csv', '--base-url', BASE, '-o', join(tempDir(), 'o.zip'), '--json']);
  assert.equal(missing.status, 1);
  assert.deepEqual(JSON.parse(missing.stdout), { error: { code: 'input', message: 'cannot read /nonexistent/list.csv: no such file or folder (ENOENT)' } });
  assert.equal(missing.stderr, 'sitemill: cannot read /nonexistent/list.csv: no such file or folder (ENOENT)\n');
  const usage = cli(['generate', 'x.csv', '--bogus', '--json']);
  assert.equal(usage.status, 2);
  assert.deepEqual(JSON.parse(usage.stdout), { error: { code: 'usage', message: 'unknown option --bogus' } });
  // No accepted row: the report is still written, and the summary carries the error.
  const none = cli(['generate', tempFile('l.csv', 'loc\nftp://a/\n'), '--base-url', BASE, '-o', join(tempDir(), 'o.zip'), '--json']);
  assert.equal(none.status, 1);
  const summary = JSON.parse(none.stdout);
  assert.equal(summary.error.code, 'no-accepted-row');
  assert.match(summary.error.message, /^no row was accepted/);
  assert.equal(summary.rejected, 1);
  const binary = cli(['generate', tempFile('b.dat', new Uint8Array([0, 1, 2, 0xff, 0, 7])), '--base-url', BASE, '-o', join(tempDir(), 'o.zip'), '--json']);
  assert.equal(binary.status, 1);
  assert.equal(JSON.parse(binary.stdout).error.code, 'input');
});

test("an input's control characters are escaped in every message: no escape sequence reaches the terminal", () => {
  // ESC ] 0 ; retitles the window, ESC [ 2 J clears the screen, U+202E turns the text around.
  const header = '\x1b]0;pwned\x07,\x1b[2J\u202e';
  const noUrl = cli(['generate', tempFile('evil.csv', `${header}\nfoo,bar\n`), '--base-url', BASE, '-o', join(tempDir(), 'o.zip')]);
  assert.equal(noUrl.status, 1);
  assert.match(noUrl.stderr, /\\x1b\]0;pwned\\x07/);
  assert.match(noUrl.stderr, /\\x1b\[2J\\u202e/);
  assert.doesNotMatch(noUrl.stderr.slice(0, -1), /[\x00-\x1f\x7f-\x9f\u202e]/);
  // A note that names a column, and a fatal line that names a file.
  const note = cli(['generate', tempFile('l.csv', `loc\n${U}/a\n`), '--base-url', BASE, '-o', join(tempDir(), 'o.zip'), '--quiet', '--section-by', 'column:\x1b[31mred']);
  assert.equal(note.status, 0, note.stderr);
  assert.match(note.stderr, /no column named \\x1b\[31mred/);
  const named = cli(['generate', join(tempDir(), 'gone\x1b[2J.csv'), '--base-url', BASE, '-o', join(tempDir(), 'o.zip')]);
  assert.equal(named.status, 1);
  assert.match(named.stderr, /gone\\x1b\[2J\.csv/);
  for (const r of [note, named]) assert.doesNotMatch(r.stderr.replaceAll('\n', ''), /[\x00-\x1f\x7f-\x9f]/);
});

test("the summary ends with the publish steps: where the files go, robots.txt's Sitemap: line, what to submit", () => {
  const dir = tempDir();
  const list = tempFile('list.csv', LIST);
  const r = cli(['generate', list, '--base-url', `${U}/shop/`, '--now', NOW, '-o', join(dir, 'out.zip')]);
  assert.equal(r.status, 0, r.stderr);
  const robots = Buffer.from(unzipSync(readFileSync(join(dir, 'out.zip')))['robots-sitemap.txt']).toString('utf8').trim();
  const tail = r.stdout.trimEnd().split('\n').slice(-3);
  assert.deepEqual(tail, [
    `Upload the 1 sitemap file and the index (not report.csv or manifest.json) to ${U}/shop/`,
    `Add this line to robots.txt: ${robots}`,
    `Submit the index in Google Search Console (Sitemaps) and Bing Webmaster Tools (Sitemaps): ${U}/shop/sitemap-index.xml`,
  ]);
  // --json and --quiet print no such words.
  assert.doesNotMatch(cli(['generate', list, '--base-url', BASE, '--now', NOW, '-o', join(dir, 'q.zip'), '--quiet']).stdout, /robots\.txt/);
});
