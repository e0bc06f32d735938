// The browser library (dist/lib/sitemill-browser.js) in Chromium, from a page on a deep path under the
// strict CSP: the example page that uses it, then its API directly — generate with progress and abort,
// inspect, findingsPage, typed errors, terminate, check and checkFindingsPage — compared with the CLI.
import assert from 'node:assert/strict';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { runCliCheck } from '../helpers/check-view.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { zipFiles } from '../helpers/zip-files.ts';
import { openBrowserSuite, type BrowserSuite } from '../helpers/browser-suite.ts';
import { BASE, NOW } from '../helpers/run-values.ts';

let app: BrowserSuite;
let page: Page;

describe('the browser library', { timeout: 120_000 }, () => {
  before(async () => {
    app = await openBrowserSuite({
      name: 'library',
      mount: '/some/where/',
      needs: ['dist/lib/sitemill-browser.js'],
      viewport: { width: 1000, height: 800 },
    });
    page = app.page;
    await copyFile(path.join(ROOT, 'web/sample-urls.csv'), path.join(app.work, 'sample-urls.csv'));
  });

  after(() => app?.close());

  it('runs in the example page', async () => {
    await page.goto(`${app.server.url}examples/library/`);
    await page.getByRole('button', { name: 'Generate sitemaps' }).click();
    await page.getByRole('link', { name: 'Download zip' }).waitFor();
    const shown = JSON.parse(await page.getByLabel('Summary').innerText());
    assert.deepEqual(shown, {
      rows: 4,
      skipped: 0,
      accepted: 3,
      rejected: 1,
      codes: { 'loc-relative': 1, 'loc-fragment': 1, 'loc-host': 1, 'list-mixed-hosts': 1 },
      files: ['sitemap-1.xml.gz'],
    });
  });

  it('generates what the CLI generates, with progress, and reads findings a page at a time', async () => {
    const text = await readFile(path.join(app.work, 'sample-urls.csv'), 'utf8');
    const expected = runCli(app.work, 'sample-urls.csv', ['--base-url', BASE, '--now', NOW]);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const progress = [];
      const file = new File([${JSON.stringify(text)}], 'sample-urls.csv', { type: 'text/csv' });
      const inspection = await sitemill.inspect(file);
      const { summary, zip } = await sitemill.generate(file, { baseUrl: '${BASE}', now: '${NOW}' }, { onProgress: (p) => progress.push(p.rows) });
      const page = await sitemill.findingsPage({ codes: ['loc-host'] }, 0, 10);
      sitemill.terminate();
      return { summary, zip: zip.size, progress: progress.length, roles: inspection.roles, hosts: page.findings.map((f) => f.value), total: page.total };
    })()`)) as {
      summary: typeof expected;
      zip: number;
      progress: number;
      roles: string[];
      hosts: string[];
      total: number;
    };
    assert.deepEqual(got.roles, ['loc', 'lastmod', 'changefreq', 'priority']);
    for (const k of ['rows', 'skipped', 'accepted', 'rejected', 'codes'] as const) assert.deepEqual(got.summary[k], expected[k], k);
    assert.deepEqual(got.summary.files.map((f) => [f.name, f.urls, f.bytes]), expected.files.map((f) => [f.name, f.urls, f.bytes]));
    assert.ok(got.zip > 0 && got.progress > 0, 'a zip, and progress');
    assert.equal(got.total, expected.codes['loc-host']);
    assert.equal(got.hosts.length, got.total);
    assert.ok(got.hosts.includes('https://shop.example.org/cart'), 'the findings of the filter');
  });

  it('compresses files of several pieces as they are written: the CLI\'s files, whatever header each has', async () => {
    // 30,000 URLs a file make files of more than one piece; files 1 and 4 declare the image namespace.
    // Each file's compression starts with the header of the file before (the first: the one the image
    // column calls for), so it starts right for files 1 and 3 and wrong for files 2 and 4.
    const rows = 120_000;
    const csv = `loc,image\n${Array.from({ length: rows }, (_, i) => {
      const image = i < 30_000 || i >= 90_000 ? `https://www.example.com/img/${i}.jpg` : '';
      return `https://www.example.com/products/item-${i}-with-a-name-long-enough/,${image}`;
    }).join('\n')}\n`;
    await writeFile(path.join(app.work, 'pieces.csv'), csv);
    const expected = runCli(app.work, 'pieces.csv', ['--base-url', BASE, '--now', NOW, '--max-urls', '30000']);
    const theirs = await zipFiles(path.join(app.work, 'cli.zip'));
    const got = (await page.evaluate(`(async () => {
      const { createSitemill } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const file = new File([${JSON.stringify(csv)}], 'pieces.csv', { type: 'text/csv' });
      const { summary, zip } = await sitemill.generate(file, { baseUrl: '${BASE}', now: '${NOW}', maxUrls: 30000 });
      sitemill.terminate();
      const bytes = new Uint8Array(await zip.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { files: summary.files.map((f) => [f.name, f.urls, f.bytes]), zip: btoa(binary) };
    })()`)) as { files: [string, number, number][]; zip: string };
    assert.deepEqual(got.files, expected.files.map((f) => [f.name, f.urls, f.bytes]));
    assert.equal(got.files.length, 4);
    assert.ok(got.files.every(([, , bytes]) => bytes > 2 * 1024 * 1024), 'every file is more than one piece');
    const zipPath = path.join(app.work, 'pieces-page.zip');
    await writeFile(zipPath, Buffer.from(got.zip, 'base64'));
    const mine = await zipFiles(zipPath);
    for (const [name] of got.files) {
      const plain = name.replace(/\.gz$/, '');
      assert.ok(Buffer.from(mine.get(plain)!).equals(Buffer.from(theirs.get(plain)!)), `${plain} is the CLI's, byte for byte, once inflated`);
    }
    assert.ok(Buffer.from(mine.get('sitemap-1.xml')!).includes('xmlns:image='), 'the first file declares images');
    assert.ok(!Buffer.from(mine.get('sitemap-2.xml')!).includes('xmlns:image='), 'the second does not');
  });

  it('stops at an abort, says why a call failed, and starts a fresh worker after terminate()', async () => {
    const got = (await page.evaluate(`(async () => {
      const { createSitemill, SitemillError } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const many = Array.from({ length: 200000 }, (_, i) => 'https://www.example.com/p/' + i).join('\\n');
      const controller = new AbortController();
      const aborted = sitemill.generate({ text: many }, {}, { signal: controller.signal, onProgress: () => controller.abort() }).then(
        () => 'finished',
        (e) => e.name,
      );
      const abortedAs = await aborted;
      const png = new Uint8Array(16);
      png.set([0x89, 0x50, 0x4e, 0x47]);
      const failed = await sitemill.generate(new Blob([png])).catch((e) => ({ isSitemillError: e instanceof SitemillError, code: e.code, message: e.message }));
      const badOption = await sitemill.generate({ text: 'https://www.example.com/' }, { maxUrls: 0 }).catch((e) => e.code);
      sitemill.terminate();
      const after = await sitemill.generate([{ text: 'https://www.example.com/a\\n' }, new File(['https://www.example.com/b\\n'], 'b.txt')]);
      sitemill.terminate();
      return { abortedAs, failed, badOption, rows: after.summary.rows };
    })()`)) as { abortedAs: string; failed: { isSitemillError: boolean; code: string; message: string }; badOption: string; rows: number };
    assert.equal(got.abortedAs, 'AbortError');
    assert.deepEqual(got.failed, { isSitemillError: true, code: 'input-invalid', message: 'input is a PNG image, not a CSV, TSV or text list of URLs' });
    assert.equal(got.badOption, 'option-value');
    assert.equal(got.rows, 2, 'two inputs read in order by a fresh worker');
  });

  it('checks sitemaps as `sitemill check` does, and reads the findings a page at a time', async () => {
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE urlset [<!ENTITY x "y">]>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n';
    const text = `${BASE}a\nnot a url\n${BASE}b#c\n`;
    await writeFile(path.join(app.work, 'doctype.xml'), sitemap);
    await writeFile(path.join(app.work, 'urls.txt'), text);
    const expected = runCliCheck(app.work, ['doctype.xml', 'urls.txt'], ['--base-url', BASE, '--now', NOW]);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const progress = [];
      const files = [new File([${JSON.stringify(sitemap)}], 'doctype.xml'), new File([${JSON.stringify(text)}], 'urls.txt')];
      const summary = await sitemill.check(files, { baseUrl: '${BASE}', now: '${NOW}' }, { onProgress: (p) => progress.push(p.bytesRead) });
      const all = await sitemill.checkFindingsPage({}, 0, 100);
      const errors = await sitemill.checkFindingsPage({ severities: ['error'], files: ['urls.txt'] }, 0, 100);
      sitemill.terminate();
      return { summary, all, errors, progress: progress.length };
    })()`)) as {
      summary: { files: unknown; codes: Record<string, number>; findings: number; severities: Record<string, number> };
      all: { total: number; findings: unknown[] };
      errors: { total: number; findings: { code: string }[] };
      progress: number;
    };
    assert.deepEqual(got.summary.files, expected.files);
    assert.deepEqual(got.summary.codes, expected.codes);
    assert.equal(got.summary.findings, expected.findings.length);
    assert.deepEqual(got.all.findings, expected.findings, 'the findings, in the CLI’s order');
    assert.deepEqual(got.errors.findings.map((f) => f.code), ['text-not-url']);
    assert.ok(got.progress > 0, 'progress');
  });

  it('stops a check at an abort and keeps the worker, with the last run\'s findings in it', async () => {
    const got = (await page.evaluate(`(async () => {
      const { createSitemill } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      await sitemill.generate({ text: '${BASE}a\\nmailto:x@example.com\\n' }, { baseUrl: '${BASE}', now: '${NOW}' });
      const urls = Array.from({ length: 100000 }, (_, i) => '<url><loc>${BASE}p/' + i + '</loc></url>').join('\\n');
      const big = new File(['<?xml version="1.0" encoding="UTF-8"?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\\n' + urls + '\\n</urlset>\\n'], 'big.xml');
      const controller = new AbortController();
      let progressed = 0;
      const abortedAs = await sitemill.check([big], { now: '${NOW}' }, { signal: controller.signal, onProgress: () => (progressed++, controller.abort()) }).then(
        () => 'finished',
        (e) => e.name,
      );
      const kept = await sitemill.findingsPage({}, 0, 10);
      const small = await sitemill.check([new File(['${BASE}a\\nnot a url\\n'], 'urls.txt')], { now: '${NOW}' });
      const stillKept = await sitemill.findingsPage({}, 0, 10);
      sitemill.terminate();
      return { abortedAs, progressed, kept: kept.total, small: small.codes, stillKept: stillKept.total };
    })()`)) as { abortedAs: string; progressed: number; kept: number; small: Record<string, number>; stillKept: number };
    assert.equal(got.abortedAs, 'AbortError');
    assert.ok(got.progressed >= 1, 'aborted from its progress');
    assert.equal(got.kept, 1, 'the run\'s finding is still in the worker after the abort');
    assert.deepEqual(got.small, { 'text-not-url': 1 }, 'the next check runs in the same worker');
    assert.equal(got.stillKept, 1);
  });

  it('refuses a gzip level the browser cannot compress at, and takes its own', async () => {
    const got = (await page.evaluate(`(async () => {
      const { createSitemill } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const refused = await sitemill.generate({ text: '${BASE}a\\n' }, { gzipLevel: 9 }).catch((e) => ({ code: e.code, message: e.message }));
      const six = await sitemill.generate({ text: '${BASE}a\\n' }, { gzipLevel: 6 });
      const unzipped = await sitemill.generate({ text: '${BASE}a\\n' }, { gzipLevel: 9, gzip: false });
      sitemill.terminate();
      return { refused, six: six.summary.files.map((f) => f.name), unzipped: unzipped.summary.files.map((f) => f.name) };
    })()`)) as { refused: { code: string; message: string }; six: string[]; unzipped: string[] };
    assert.deepEqual(got.refused, {
      code: 'option-unsupported',
      message: 'gzip level 9 is not available here: the browser compresses at level 6 only (the command line takes 1 to 9)',
    });
    assert.deepEqual(got.six, ['sitemap-1.xml.gz']);
    assert.deepEqual(got.unzipped, ['sitemap-1.xml'], 'no gzip, no level to refuse');
  });

  it('takes every input form the same way, and refuses a bare string and { path } with coded errors', async () => {
    await page.goto(`${app.server.url}examples/library/`);
    const list = 'url,lastmod\n/a,2025-01-01\nhttps://www.example.com/b#top,2025-02-30\nftp://x/\n';
    await writeFile(path.join(app.work, 'forms.csv'), list);
    const expected = runCli(app.work, 'forms.csv', ['--base-url', BASE, '--now', NOW]);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill, InputError, SitemillError } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const list = ${JSON.stringify(list)};
      const bytes = new TextEncoder().encode(list);
      const forms = {
        text: () => ({ text: list, name: 'forms.csv' }),
        bytes: () => ({ bytes, name: 'forms.csv' }),
        arrayBuffer: () => ({ bytes: bytes.slice().buffer, name: 'forms.csv' }),
        file: () => new File([list], 'forms.csv'),
        namedBlob: () => ({ blob: new Blob([list]), name: 'forms.csv' }),
        stream: () => ({ stream: new Blob([list]).stream(), name: 'forms.csv' }),
        chunks: () => ({ name: 'forms.csv', async *chunks() { yield bytes.subarray(0, 9); yield bytes.subarray(9); } }),
      };
      const runs = {};
      for (const [form, input] of Object.entries(forms)) {
        // Two inputs, so each finding names its input.
        const { summary } = await sitemill.generate([input(), { text: '${BASE}c\\n', name: 'more.txt' }], { baseUrl: '${BASE}', now: '${NOW}' });
        const page = await sitemill.findingsPage({}, 0, 100);
        runs[form] = { codes: summary.codes, accepted: summary.accepted, findings: page.findings.map((f) => f.input + ':' + f.line + ' ' + f.code) };
      }
      const bare = await sitemill.generate(new Blob([list])).then((r) => r.summary.rows);
      const stream = await sitemill.generate(new Blob([list]).stream(), { baseUrl: '${BASE}', now: '${NOW}' }).then((r) => r.summary.codes);
      const refused = async (input) => sitemill.generate(input, { baseUrl: '${BASE}' }).then(
        () => 'generated',
        (e) => ({ inputError: e instanceof InputError, sitemillError: e instanceof SitemillError, code: e.code, message: e.message }),
      );
      const string = await refused('${BASE}a');
      const filePath = await refused({ path: 'list.csv' });
      const none = await refused([]);
      const number = await refused(42);
      const checkString = await sitemill.check('sitemap.xml').catch((e) => e.code);
      const inspectPath = await sitemill.inspect({ path: 'list.csv' }).catch((e) => e.code);
      sitemill.terminate();
      return { runs, bare, stream, string, filePath, none, number, checkString, inspectPath };
    })()`)) as {
      runs: Record<string, { codes: Record<string, number>; accepted: number; findings: string[] }>;
      bare: number;
      stream: Record<string, number>;
      string: Record<string, unknown>;
      filePath: Record<string, unknown>;
      none: Record<string, unknown>;
      number: Record<string, unknown>;
      checkString: string;
      inspectPath: string;
    };
    const codes = { ...expected.codes };
    for (const [form, run] of Object.entries(got.runs)) {
      assert.deepEqual(run, got.runs.text, form);
    }
    // The list's own findings are the CLI's, each under the input's name (plus more.txt's one row).
    assert.equal(got.runs.text.accepted, expected.accepted + 1);
    assert.ok(got.runs.text.findings.includes('forms.csv:3 lastmod-invalid'), got.runs.text.findings.join('\n'));
    assert.ok(got.runs.text.findings.every((f) => f.startsWith('forms.csv:')), got.runs.text.findings.join('\n'));
    assert.deepEqual(got.stream, codes, 'a bare stream is read as its bytes');
    assert.equal(got.bare, 3, 'a bare Blob is read');
    assert.deepEqual(got.string, {
      inputError: true,
      sitemillError: true,
      code: 'input-type',
      message: `a string input is not read, as it could be a path or the list itself: pass { path: "${BASE}a" } to read a file (Node only), or { text: … } for the list's text`,
    });
    assert.deepEqual(got.filePath, {
      inputError: true,
      sitemillError: true,
      code: 'input-unsupported',
      message: '{ path } reads a file in Node only: in a browser, pass a File or Blob, { bytes } or { text }',
    });
    assert.equal(got.none.code, 'input-none');
    assert.equal(got.number.code, 'input-type');
    assert.equal(got.checkString, 'input-type');
    assert.equal(got.inspectPath, 'input-unsupported');
  });

  it('refuses unknown and mistyped options and hooks, and outDir, with coded OptionErrors', async () => {
    await page.goto(`${app.server.url}examples/library/`);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill, OptionError, SitemillError } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const list = { text: '${BASE}a\\n' };
      const refused = (call) => call.then(
        () => 'ran',
        (e) => ({ optionError: e instanceof OptionError && e instanceof SitemillError, code: e.code, message: e.message }),
      );
      const got = {
        baseURL: await refused(sitemill.generate(list, { baseURL: '${BASE}' })),
        outDir: await refused(sitemill.generate(list, { outDir: 'out' })),
        outDIR: await refused(sitemill.generate(list, { outDIR: 'out' })),
        keep: await refused(sitemill.generate(list, { keep: 'row-status' })),
        prefix: await refused(sitemill.generate(list, { prefix: 42 })),
        signal: await refused(sitemill.generate(list, {}, { signal: 'nope' })),
        onprogress: await refused(sitemill.generate(list, {}, { onprogress: () => {} })),
        checkSignal: await refused(sitemill.check(list, { signal: new AbortController().signal })),
        checkBase: await refused(sitemill.check(list, { baseURL: '${BASE}' })),
        inspect: await refused(sitemill.inspect(list, { delimeter: ';' })),
        range: await refused(sitemill.generate(list, { maxUrls: 0 })),
      };
      sitemill.terminate();
      return got;
    })()`)) as Record<string, { optionError: boolean; code: string; message: string }>;
    const want: Record<string, [string, string]> = {
      baseURL: ['option-unknown', 'unknown generate() option "baseURL": did you mean baseUrl?'],
      outDir: ['option-unsupported', 'outDir writes a folder, which a browser cannot: take the zip (result.zip) instead'],
      outDIR: ['option-unknown', 'unknown generate() option "outDIR": did you mean outDir?'],
      keep: ['option-type', "generate() option keep must be an array of rule codes, such as ['row-status'], not the string \"row-status\""],
      prefix: ['option-type', 'generate() option prefix must be a string, not the number 42'],
      signal: ['option-type', 'generate() hook signal must be an AbortSignal (from an AbortController, or AbortSignal.timeout()), not the string "nope"'],
      onprogress: ['option-unknown', 'unknown generate() hook "onprogress": did you mean onProgress?'],
      checkSignal: ['option-unknown', 'signal is not a check() option: it goes in the hooks (the third argument)'],
      checkBase: ['option-unknown', 'unknown check() option "baseURL": did you mean baseUrl?'],
      inspect: ['option-unknown', 'unknown inspect() option "delimeter": did you mean delimiter?'],
      range: ['option-value', 'max URLs must be a whole number from 1 to 50000'],
    };
    for (const [name, [code, message]] of Object.entries(want)) assert.deepEqual(got[name], { optionError: true, code, message }, name);
  });

  it('settles generate and check with an AbortError once aborted while their input stream stalls', async () => {
    await page.goto(`${app.server.url}examples/library/`);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill, AbortError } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      // A stream that gives the first rows, then nothing, ever; cancelled once the call is aborted.
      let cancelled = 0;
      const stalling = () => new ReadableStream({
        start: (c) => c.enqueue(new TextEncoder().encode('loc\\n${BASE}a\\n')),
        cancel: () => void cancelled++,
      });
      const late = (ms) => new Promise((resolve) => setTimeout(() => resolve('did not settle'), ms));
      const outcome = async (call) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 150);
        return Promise.race([
          call(controller.signal).then(() => 'finished', (e) => ({ abortError: e instanceof AbortError, name: e.name, code: e.code })),
          late(3000),
        ]);
      };
      const generate = await outcome((signal) => sitemill.generate({ stream: stalling(), name: 'list.csv' }, { baseUrl: '${BASE}' }, { signal }));
      const check = await outcome((signal) => sitemill.check({ stream: stalling(), name: 'sitemap.xml' }, {}, { signal }));
      const inspect = await outcome((signal) => sitemill.inspect(stalling(), {}, { signal }));
      const after = await sitemill.generate({ text: '${BASE}a\\n' }, { baseUrl: '${BASE}' }).then((r) => r.summary.accepted);
      sitemill.terminate();
      return { generate, check, inspect, cancelled, after };
    })()`)) as Record<string, unknown>;
    const aborted = { abortError: true, name: 'AbortError', code: 'aborted' };
    assert.deepEqual(got, { generate: aborted, check: aborted, inspect: aborted, cancelled: 3, after: 1 });
  });

  it('iterates the findings of generate and check in order, a page at a time, and says when a newer run replaced them', async () => {
    await page.goto(`${app.server.url}examples/library/`);
    const got = (await page.evaluate(`(async () => {
      const { createSitemill, SitemillError } = await import('../../lib/sitemill-browser.js');
      const sitemill = createSitemill();
      const rows = Array.from({ length: 2500 }, (_, i) => '/p/' + i + '#top').join('\\n');
      await sitemill.generate({ text: 'loc\\n' + rows + '\\n' }, { baseUrl: '${BASE}', now: '${NOW}' });
      const all = await sitemill.findingsPage({}, 0, 1e6);
      const iterated = [];
      for await (const f of sitemill.findings()) iterated.push(f);
      const fragments = [];
      for await (const f of sitemill.findings({ codes: ['loc-fragment'] })) fragments.push(f.line);
      const urls = Array.from({ length: 1200 }, (_, i) => '${BASE}p/' + i + '\\nnot a url ' + i).join('\\n');
      await sitemill.check([new File([urls + '\\n'], 'urls.txt')], { now: '${NOW}' });
      const checkAll = await sitemill.checkFindingsPage({}, 0, 1e6);
      const checked = [];
      for await (const f of sitemill.checkFindings()) checked.push(f);
      // A generate() started while the findings are read ends the reading with a coded error.
      const reading = sitemill.findings();
      await reading.next();
      await sitemill.generate({ text: '${BASE}a\\n' }, { baseUrl: '${BASE}' });
      let stale = null;
      try {
        for (;;) if ((await reading.next()).done) break;
      } catch (e) {
        stale = { sitemillError: e instanceof SitemillError, code: e.code, message: e.message };
      }
      sitemill.terminate();
      return { total: all.total, same: JSON.stringify(iterated) === JSON.stringify(all.findings), fragments, checkTotal: checkAll.total, checkSame: JSON.stringify(checked) === JSON.stringify(checkAll.findings), stale };
    })()`)) as { total: number; same: boolean; fragments: number[]; checkTotal: number; checkSame: boolean; stale: unknown };
    assert.ok(got.total > 3000, `${got.total} findings: more than three pages`);
    assert.ok(got.same, 'findings() gives findingsPage()\'s findings, in order');
    assert.deepEqual(got.fragments, Array.from({ length: 2500 }, (_, i) => i + 2), 'a filter narrows them');
    assert.ok(got.checkTotal >= 1200, `${got.checkTotal} check findings`);
    assert.ok(got.checkSame, 'checkFindings() gives checkFindingsPage()\'s findings, in order');
    assert.deepEqual(got.stale, { sitemillError: true, code: 'stale', message: 'a newer generate() replaced the findings being read' });
  });

  it('made no request off its origin and logged no error', () => {
    app.expectNoForeignRequestsOrErrors();
  });
});
