// The CLI contract of SPEC section 8: arguments, outputs, exit codes, messages.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cli, tempDir, tempFile, NOW, BASE, ROOT } from './helpers.ts';

const U = 'https://www.example.com';
const LIST = `loc,lastmod\n${U}/,2025-01-01\n${U}/a b,2025-01-02\nftp://x/,\n`;

test('generate --json prints the summary of section 8 and writes the zip of section 6', () => {
  const input = tempFile('list.csv', LIST);
  const out = join(tempDir(), 'nested', 'out.zip');
  const r = cli(['generate', input, '--base-url', BASE, '-o', out, '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  // SPEC section 8's shape, with section 10's excluded rows beside the rejected ones and the first findings.
  assert.deepEqual(Object.keys(summary), ['rows', 'skipped', 'accepted', 'rejected', 'excluded', 'codes', 'findings', 'files']);
  assert.deepEqual(summary, {
    rows: 3,
    skipped: 0,
    accepted: 2,
    rejected: 1,
    excluded: 0,
    codes: { 'loc-scheme': 1, 'loc-normalized': 1 },
    findings: summary.findings,
    files: [{ name: 'sitemap-1.xml.gz', urls: 2, bytes: summary.files[0].bytes, gzipBytes: summary.files[0].gzipBytes }],
  });
  const names = Object.keys(unzipSync(readFileSync(out)));
  assert.deepEqual(names, ['sitemap-1.xml.gz', 'sitemap-index.xml', 'robots-sitemap.txt', 'report.csv', 'manifest.json']);
  assert.equal(r.stderr, '');
});

test("the run's notes are in --json and in the manifest, as on standard error", () => {
  const input = tempFile('list.csv', `URL,type\n${U}/a,post\n${U}/b,page\n`);
  const dir = tempDir();
  const r = cli(['generate', input, '--base-url', BASE, '--out-dir', dir, '--section-by', 'column:kind', '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  const notes: string[] = JSON.parse(r.stdout).notes;
  assert.deepEqual(notes, ['list.csv: no column named kind, so its rows are in the section pages']);
  assert.equal(r.stderr, `sitemill: ${notes[0]}\n`);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).notes, notes);
});

test('standard input, gzipped input, --out-dir, --no-gzip and --format txt', () => {
  const dir = tempDir();
  const r = cli(['generate', '-', '--base-url', BASE, '--out-dir', dir, '--no-gzip', '--format', 'txt', '--quiet', '--now', NOW], gzipSync(LIST));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.deepEqual(readdirSync(dir).sort(), ['manifest.json', 'report.csv', 'robots-sitemap.txt', 'sitemap-1.txt', 'sitemap-index.xml']);
  assert.equal(readFileSync(join(dir, 'sitemap-1.txt'), 'utf8'), `${U}/\n${U}/a%20b\n`);
  assert.ok(!existsSync('sitemaps.zip.partial'));
});

test('--out-dir: sitemap files an earlier run left there, which this run did not write, are named in a note', () => {
  const dir = tempDir();
  const list = new TextEncoder().encode(`loc\n${U}/a\n${U}/b\n${U}/c\n`);
  const first = cli(['generate', '-', '--base-url', BASE, '--out-dir', dir, '--max-urls', '1', '--quiet', '--now', NOW], list);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.stderr, '');
  const again = cli(['generate', '-', '--base-url', BASE, '--out-dir', dir, '--quiet', '--now', NOW], list);
  assert.equal(again.status, 0, again.stderr);
  assert.equal(
    again.stderr,
    `sitemill: ${dir} also holds 2 sitemap files this run did not write (sitemap-2.xml.gz, sitemap-3.xml.gz): the index does not list them; remove them before uploading the folder\n`,
  );
  // The same run again into a folder it wrote itself says nothing.
  assert.equal(cli(['generate', '-', '--base-url', BASE, '--out-dir', tempDir(), '--quiet', '--now', NOW], list).stderr, '');
});

test("--out-dir: an earlier run's changes.csv goes when this run compares against no previous set, and stays when it does", () => {
  const dir = tempDir();
  const list = new TextEncoder().encode(`loc\n${U}/a\n${U}/b\n`);
  const generate = (...more: string[]) => cli(['generate', '-', '--base-url', BASE, '--out-dir', dir, '--quiet', '--now', NOW, ...more], list);
  assert.equal(generate().status, 0);
  const week1 = tempDir();
  for (const name of readdirSync(dir)) writeFileSync(join(week1, name), readFileSync(join(dir, name)));
  let r = generate('--previous', week1);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.ok(existsSync(join(dir, 'changes.csv')));
  r = generate();
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, `sitemill: removed the changes.csv an earlier run left in ${dir}: this run compared against no previous set, so it told of other changes\n`);
  assert.ok(!existsSync(join(dir, 'changes.csv')));
});

// Over the 8 KiB looked at before the copy starts, gzipped too.
const STDIN_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>${U}/a</loc><image:image><image:loc>${U}/a.jpg</image:loc></image:image><xhtml:link rel="alternate" hreflang="en" href="${U}/a"/><xhtml:link rel="alternate" hreflang="de" href="${U}/de/a"/></url>
<url><loc>${U}/de/a</loc><xhtml:link rel="alternate" hreflang="en" href="${U}/a"/><xhtml:link rel="alternate" hreflang="de" href="${U}/de/a"/></url>
${Array.from({ length: 2000 }, (_, i) => `<url><loc>${U}/more/${((i * 2654435761) >>> 0).toString(36)}${((i * 40503 + 12345) >>> 0).toString(36)}</loc></url>`).join('\n')}
</urlset>
`;

/** The CLI on standard input that stays open until `end()`, with its temporary folder at `tmp`. */
function openStdinRun(args: string[], tmp: string) {
  const child = spawn(process.execPath, [join(ROOT, 'lib', 'cli.js'), ...args], { env: { ...process.env, TMPDIR: tmp } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  // A test that fails half way leaves no run waiting on its input.
  after(() => void child.kill('SIGKILL'));
  return { child, exited };
}

/** Waits until the copy of standard input is in `tmp`; its path. */
async function copyIn(tmp: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const dir = readdirSync(tmp).find((n) => n.startsWith('sitemill-'));
    if (dir && existsSync(join(tmp, dir, 'stdin'))) return join(tmp, dir, 'stdin');
    await sleep(25);
  }
  throw new Error(`no copy of standard input appeared in ${tmp}`);
}

test('a sitemap on standard input keeps its extension elements: it is copied while read, the copy removed at the end', async () => {
  for (const input of [Buffer.from(STDIN_SITEMAP), gzipSync(STDIN_SITEMAP)]) {
    const tmp = tempDir();
    const dir = tempDir();
    const run = openStdinRun(['generate', '-', '--base-url', BASE, '--out-dir', dir, '--no-gzip', '--json', '--now', NOW], tmp);
    run.child.stdin.write(input.subarray(0, 100));
    run.child.stdin.write(input.subarray(100));
    await copyIn(tmp);
    run.child.stdin.end();
    const r = await run.exited;
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(JSON.parse(r.stdout).codes, {});
    const xml = readFileSync(join(dir, 'sitemap-1.xml'), 'utf8');
    assert.ok(xml.includes(`<url><loc>${U}/a</loc><image:image><image:loc>${U}/a.jpg</image:loc></image:image><xhtml:link rel="alternate" hreflang="en" href="${U}/a"/><xhtml:link rel="alternate" hreflang="de" href="${U}/de/a"/></url>`), xml);
    assert.deepEqual(readdirSync(tmp), []);
  }
});

test('a run ended by a signal while it copies standard input leaves no copy behind', async () => {
  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    const tmp = tempDir();
    const run = openStdinRun(['generate', '-', '--base-url', BASE, '--out-dir', tempDir()], tmp);
    run.child.stdin.write(STDIN_SITEMAP.slice(0, 10_000));
    await copyIn(tmp);
    run.child.kill(signal);
    const r = await run.exited;
    assert.equal(r.status, status, `${signal}: ${r.stderr}`);
    assert.deepEqual(readdirSync(tmp), [], signal);
  }
});

test('outputs that cannot be written are said before standard input is read; a failed run leaves no part of a zip', () => {
  const tmp = tempDir();
  const file = tempFile('taken', 'x');
  const env = { ...process.env, TMPDIR: tmp };
  const cliPath = join(ROOT, 'lib', 'cli.js');
  const run = (args: string[], input: string | Buffer) => spawnSync(process.execPath, [cliPath, 'generate', ...args, '--base-url', BASE], { input, env, encoding: 'utf8' });
  let r = run(['-', '--out-dir', join(file, 'out')], STDIN_SITEMAP);
  assert.equal(r.status, 1);
  assert.equal(r.stderr, `sitemill: cannot write ${join(file, 'out')}: a part of the path is not a folder (ENOTDIR)\n`);
  r = run(['-', '-o', join(file, 'out.zip')], STDIN_SITEMAP);
  assert.equal(r.stderr, `sitemill: cannot write ${join(file, 'out.zip')}: a part of the path is not a folder (ENOTDIR)\n`);
  assert.deepEqual(readdirSync(tmp), [], 'no copy made');
  const dir = tempDir();
  r = run([tempFile('bin.dat', Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 7, 8, 9])), '-o', join(dir, 'out.zip')], '');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bin\.dat is binary data/);
  assert.deepEqual(readdirSync(dir), [], 'no out.zip.partial');
});

test('standard input can be named once', () => {
  const r = cli(['generate', '-', '-', '--base-url', BASE]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /- \(standard input\) can be given once/);
});

test('options: prefix, max-urls, gzip level, timezone', () => {
  const dir = tempDir();
  const list = 'loc,lastmod\n' + Array.from({ length: 5 }, (_, i) => `${U}/${i},2025-01-0${i + 1} 10:00`).join('\n');
  const r = cli(['generate', tempFile('l.csv', list), '--base-url', BASE, '--out-dir', dir, '--prefix', '../My Site!', '--max-urls', '2', '--gzip-level', '9', '--timezone', '-05:00', '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.map((f: { name: string }) => f.name), ['My-Site-1.xml.gz', 'My-Site-2.xml.gz', 'My-Site-3.xml.gz']);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  assert.equal(manifest.options.gzipLevel, 9);
  assert.ok(readFileSync(join(dir, 'report.csv'), 'utf8').includes('2025-01-01T10:00:00-05:00'));
  assert.ok(existsSync(join(dir, 'My-Site-index.xml')));
});

test('bad usage exits 2 with one line and where the help is', () => {
  for (const args of [
    ['generate'],
    ['frobnicate'],
    ['generate', 'x.csv', '--max-urls', '50001'],
    ['generate', 'x.csv', '--max-urls', 'lots'],
    ['generate', 'x.csv', '--format', 'html'],
    ['generate', 'x.csv', '--base-url', 'not a url'],
    ['generate', 'x.csv', '--timezone', '+25:00'],
    ['generate', 'x.csv', '--bogus'],
    ['generate', 'x.csv', '--base-url', BASE, '-o', tempDir()],
    ['generate', 'x.csv', '--base-url', BASE, '-o', join(tempDir(), 'new') + '/'],
  ]) {
    const r = cli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /^sitemill: [^\n]+\nTry 'sitemill (generate )?--help'\n$/);
  }
});

test('fatal errors exit 1 with one clear line: unreadable input, no accepted row', () => {
  let r = cli(['generate', '/nonexistent/list.csv', '--base-url', BASE, '-o', join(tempDir(), 'o.zip')]);
  assert.equal(r.status, 1);
  assert.equal(r.stderr, 'sitemill: cannot read /nonexistent/list.csv: no such file or folder (ENOENT)\n');
  const out = join(tempDir(), 'o.zip');
  r = cli(['generate', tempFile('l.csv', 'loc\nftp://a/\n'), '--base-url', BASE, '-o', out]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^sitemill: no row was accepted/);
  assert.deepEqual(Object.keys(unzipSync(readFileSync(out))), ['report.csv', 'manifest.json']);
});

test('--strict exits 3 when an error-level finding exists, 0 when none', () => {
  const dir = tempDir();
  let r = cli(['generate', tempFile('l.csv', LIST), '--base-url', BASE, '-o', join(dir, 'a.zip'), '--strict', '--quiet']);
  assert.equal(r.status, 3);
  r = cli(['generate', tempFile('l.csv', `loc\n${U}/\n`), '--base-url', BASE, '-o', join(dir, 'b.zip'), '--strict', '--quiet']);
  assert.equal(r.status, 0, r.stderr);
});

test('without --base-url the base is inferred and said so', () => {
  const r = cli(['generate', tempFile('l.csv', LIST), '-o', join(tempDir(), 'o.zip'), '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).codes['base-url-inferred'], 1);
});

test('the package bin runs through npx by its name', () => {
  const input = tempFile('list.csv', LIST);
  const out = join(tempDir(), 'out.zip');
  const r = spawnSync('npx', ['--no-install', 'sitemill', 'generate', input, '--base-url', BASE, '-o', out, '--json', '--now', NOW], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).accepted, 2);
});

test('generate takes sitemaps, gzipped sitemaps and feeds as input, and applies its fixes', () => {
  const dir = tempDir();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>${U}/a</loc><lastmod>2025-01-02T03:04Z</lastmod><priority>1</priority></url>\n<url><loc>${U}/b c</loc></url>\n</urlset>\n`;
  const atom = `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>\n<entry><link href="${U}/post"/><updated>2025-05-06T07:08:09Z</updated></entry>\n</feed>\n`;
  const r = cli(['generate', tempFile('old.xml.gz', gzipSync(xml)), tempFile('feed.atom', atom), '--base-url', BASE, '--out-dir', dir, '--json', '--now', NOW, '--no-gzip']);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.accepted, 3);
  assert.deepEqual(json.codes, { 'lastmod-normalized': 1, 'priority-normalized': 1, 'loc-normalized': 1 });
  const sitemap = readFileSync(join(dir, 'sitemap-1.xml'), 'utf8');
  assert.ok(sitemap.includes(`<url><loc>${U}/a</loc><lastmod>2025-01-02T03:04:00Z</lastmod><priority>1.0</priority></url>`));
  assert.ok(sitemap.includes(`<url><loc>${U}/b%20c</loc></url>`));
  assert.ok(sitemap.includes(`<url><loc>${U}/post</loc><lastmod>2025-05-06T07:08:09Z</lastmod></url>`));
  // Findings point at the line of the <url> in the sitemap.
  assert.match(readFileSync(join(dir, 'report.csv'), 'utf8'), /\nold\.xml\.gz:3,\d+,fix,lastmod-normalized,/);
});

test('a CSV whose first cell starts with < is still a list', () => {
  const r = cli(['generate', tempFile('l.csv', `<b>loc</b>,x\n${U}/a,1\n`), '--base-url', BASE, '-o', join(tempDir(), 'o.zip'), '--json', '--now', NOW]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).accepted, 1);
});

test('--column gives a column its role, as the page\'s column mapping does: a URL column no name reveals, a crawl column under a name no rule reads', () => {
  const dir = tempDir();
  const list = tempFile('shop.csv', 'Handle,Stato,Percorso\nblue-shirt,200,products/blue-shirt\nred-hat,404,products/red-hat\n');
  const refused = cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', join(dir, 'a'), '--json']);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /no URL column: .*--column <name>=loc on the command line/);
  const r = cli(['generate', list, '--base-url', BASE, '--now', NOW, '--out-dir', join(dir, 'b'), '--json', '--column', 'percorso=loc', '--column', 'Stato=status']);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.deepEqual([json.accepted, json.excluded, json.codes['row-status']], [1, 1, 1]);
  // By number, where the list has no header; a role the name gave another column moves.
  const numbered = tempFile('paths.txt', '/a,https://www.example.com/x\n/b,https://www.example.com/y\n');
  const byNumber = cli(['generate', numbered, '--base-url', BASE, '--now', NOW, '--out-dir', join(dir, 'c'), '--json', '--column', '1=loc']);
  assert.equal(byNumber.status, 0, byNumber.stderr);
  assert.ok(readFileSync(join(dir, 'c', 'sitemap-1.xml.gz')).length > 0);
  assert.match(gunzipText(join(dir, 'c', 'sitemap-1.xml.gz')), /<loc>https:\/\/www\.example\.com\/a<\/loc>/);
  // Each input that has the column gets the role, wherever the column is: a crawl beside a CMS list.
  const cms = tempFile('cms.csv', 'Permalink,post_status\nhttps://www.example.com/products/blue-shirt,publish\nhttps://www.example.com/about,publish\n');
  const two = cli(['generate', cms, list, '--base-url', BASE, '--now', NOW, '--out-dir', join(dir, 'd'), '--json', '--column', 'Percorso=loc', '--column', 'Stato=status']);
  assert.equal(two.status, 0, two.stderr);
  assert.deepEqual([JSON.parse(two.stdout).accepted, JSON.parse(two.stdout).codes['row-status']], [2, 1]);
  // A column no input has is said; an unknown role is bad usage.
  const unknown = cli(['generate', list, '--base-url', BASE, '--column', 'Path=loc', '--column', 'Percorso=loc', '--out-dir', join(dir, 'e')]);
  assert.equal(unknown.status, 0, unknown.stderr);
  assert.match(unknown.stderr, /no input has a column named "Path", so the loc role given to it was not used/);
  const badRole = cli(['generate', list, '--base-url', BASE, '--column', 'Stato=state']);
  assert.equal(badRole.status, 2);
  assert.match(badRole.stderr, /state is no role; the roles are loc, lastmod/);
});

function gunzipText(path: string): string {
  return gunzipSync(readFileSync(path)).toString('utf8');
}
