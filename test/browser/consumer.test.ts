// Sitemill as a dependency (SPEC 14): the repository packed as from a fresh clone (prepack builds
// it), installed into a new Vite app built for production with Vite's defaults, and copied into a
// plain static page. In Chromium, under the strict CSP, each runs generate with gzip on for a real
// crawl export and for a workbook, check() on a real sitemap, and the <sitemill-workbench> element;
// every zip passes `unzip -t`, and its sitemaps and index pass xmllint with the official XSDs.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { watch, type Watch } from '../helpers/browser-watch.ts';
import { launch, type Browser } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/cli.ts';
import { buildApp, hostPage, installApp } from '../helpers/consumer-app.ts';
import { packFreshClone, pointedAt, type Packed } from '../helpers/packed.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { serveStatic, type StaticServer } from '../helpers/static-server.ts';
import { CORPUS } from '../helpers/reference.ts';
import { xmllint } from '../helpers/xmllint.ts';

const CSV = path.join(CORPUS, 'real-exports/02-sf-internal-html-chriswelch.csv');
const SITEMAP = path.join(CORPUS, 'real-sitemaps/01-10up-headless-docs-sitemap.xml');
const COUNTS = ['rows', 'skipped', 'accepted', 'rejected', 'excluded', 'codes'] as const;

interface CheckSummary {
  codes: Record<string, number>;
  files: { kind: string; urls: number; bytes: number; findings: number }[];
}

type Counts = Record<(typeof COUNTS)[number], unknown> & { files: { name: string; urls: number; bytes: number }[] };

/** A consumer's TypeScript: right uses compile, and wrong ones are refused (each `@ts-expect-error` must err). */
const USE_TYPES = `import { createSitemill, type Summary } from 'sitemill/browser';
import type { SitemillWorkbenchAttributes, SitemillWorkbenchElement } from 'sitemill/embed';
import 'sitemill/embed';

const sitemill = createSitemill();
const el: SitemillWorkbenchElement = document.querySelector('sitemill-workbench')!;
el.addEventListener('sitemill-complete', (e) => console.log(e.detail.zip.size, e.detail.accepted));
el.addEventListener('sitemill-error', (e) => console.log(e.detail.toUpperCase()));
document.addEventListener('sitemill-check', (e) => console.log(e.detail.files.length));
const done: Promise<Summary | null> = el.load('https://www.example.com/a');
el.cancel();
const attributes: SitemillWorkbenchAttributes = { 'base-url': 'https://www.example.com/', format: 'txt', gzip: 'off', 'max-urls': 10 };
// @ts-expect-error the detail of sitemill-error is the message
el.addEventListener('sitemill-error', (e) => e.detail.zip);
// @ts-expect-error no such format
const wrong: SitemillWorkbenchAttributes = { format: 'csv' };
// @ts-expect-error load takes a list
el.load(42);
export { sitemill, done, attributes, wrong };
`;

let work: string;
let packed: Packed;
let app: string;
let installLog: string;
let appDist: string;
let host: string;

/** The workbook the xlsx runs read: a header and 40 pages with their dates. */
function workbook(): Uint8Array {
  const rows = [['URL', 'Last modified'], ...Array.from({ length: 40 }, (_, i) => [`${BASE}pages/${i + 1}`, `2025-0${(i % 9) + 1}-1${i % 10}`])];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Pages');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** The installed package's own `sitemill` command on `file`: its JSON summary and its zip. */
function cli(command: string, file: string, args: string[]): Counts {
  const out = execFileSync(path.join(app, 'node_modules/.bin/sitemill'), [command, file, '--json', '--quiet', ...args], { cwd: work, encoding: 'utf8' });
  return JSON.parse(out) as Counts;
}

function counts(s: Counts) {
  return { ...Object.fromEntries(COUNTS.map((k) => [k, s[k]])), files: s.files.map(({ name, urls, bytes }) => ({ name, urls, bytes })) };
}

/** `unzip -t` passes, and each sitemap (inflated with node:zlib) and the index validate. */
async function expectPublishable(zip: Uint8Array, name: string): Promise<string[]> {
  const dir = path.join(work, name);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'sitemaps.zip');
  await writeFile(file, zip);
  const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
  assert.match(tested, /No errors detected/, tested);
  const sitemaps: string[] = [];
  const indexes: string[] = [];
  for (const [entry, bytes] of Object.entries(unzipSync(zip))) {
    if (!/\.xml(\.gz)?$/.test(entry)) continue;
    const xml = path.join(dir, entry.replace(/\.gz$/, ''));
    await writeFile(xml, entry.endsWith('.gz') ? gunzipSync(bytes) : bytes);
    (entry.startsWith('sitemap-index') ? indexes : sitemaps).push(xml);
  }
  assert.ok(sitemaps.length > 0, `sitemaps in ${Object.keys(unzipSync(zip)).join(', ')}`);
  xmllint('sitemap.xsd', sitemaps);
  xmllint('siteindex.xsd', indexes);
  return Object.keys(unzipSync(zip)).sort();
}

/** Runs `sitemill.generate` in the page on a file; gives the summary and the zip's bytes. */
async function generateIn(page: Page, name: string, bytes: Uint8Array, options: object): Promise<{ summary: Counts; zip: Uint8Array }> {
  const got = (await page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(Buffer.from(bytes).toString('base64'))}), (c) => c.charCodeAt(0));
    const { summary, zip } = await window.sitemill.generate(new File([bytes], ${JSON.stringify(name)}), ${JSON.stringify(options)});
    const out = new Uint8Array(await zip.arrayBuffer());
    let text = '';
    for (let i = 0; i < out.length; i += 0x8000) text += String.fromCharCode(...out.subarray(i, i + 0x8000));
    return { summary, zip: btoa(text) };
  })()`)) as { summary: Counts; zip: string };
  return { summary: got.summary, zip: new Uint8Array(Buffer.from(got.zip, 'base64')) };
}

/** Polls an expression from here: page.waitForFunction's predicate runs as eval, which the CSP refuses. */
async function until(page: Page, expression: string, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

before(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sitemill-consumer-'));
  packed = await packFreshClone(work);
  ({ dir: app, log: installLog } = await installApp(path.join(work, 'app'), packed.tarball));
});

after(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the package', { timeout: 600_000 }, () => {
  it('holds every path its manifest points at, built by prepack, and no install script of its own', async () => {
    const missing = pointedAt(packed.manifest).filter((p) => !packed.files.includes(p));
    assert.deepEqual(missing, [], `paths of exports, bin and types missing from the tarball (${packed.files.length} files)`);
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
      assert.equal(packed.manifest.scripts?.[script], undefined, `no ${script} script`);
    }
    for (const field of ['repository', 'homepage', 'bugs', 'license']) assert.ok(packed.manifest[field], field);
    assert.ok(packed.files.includes('LICENSE'), 'LICENSE');
  });

  it('installs into a new app with no npm warning', () => {
    const warnings = installLog.split('\n').filter((line) => /npm (warn|WARN|ERR)/.test(line));
    assert.deepEqual(warnings, [], installLog);
  });

  it('declares the attributes and events the element has', async () => {
    const element = await readFile(path.join(ROOT, 'web/element/WorkbenchElement.svelte'), 'utf8');
    const types = await readFile(path.join(app, 'node_modules/sitemill/dist/embed/sitemill-workbench.d.ts'), 'utf8');
    const attributes = [...element.matchAll(/attribute: '([a-z-]+)'/g)].map((m) => m[1]).sort();
    const block = types.slice(types.indexOf('interface SitemillWorkbenchAttributes'), types.indexOf('interface SitemillCompleteDetail'));
    assert.deepEqual([...block.matchAll(/^ {2}'?([a-z-]+)'?\?:/gm)].map((m) => m[1]).sort(), attributes);
    const events = [...element.matchAll(/emit\('([a-z-]+)'/g)].map((m) => m[1]).sort();
    const map = types.slice(types.indexOf('interface SitemillWorkbenchEventMap'), types.indexOf('interface SitemillWorkbenchElement'));
    assert.deepEqual([...map.matchAll(/'([a-z-]+)': CustomEvent/g)].map((m) => m[1]).sort(), events);
    assert.ok(events.length === 3 && attributes.length === 5, `${events} ${attributes}`);
  });

  it('types the browser exports: the library, the element with its attributes and events (tsc, skipLibCheck off)', async () => {
    const dir = path.join(app, 'types');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], types: [], skipLibCheck: false },
      files: ['use.ts'],
    }));
    await writeFile(path.join(dir, 'use.ts'), USE_TYPES);
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
});

for (const consumer of ['a Vite production build', 'a plain copy of dist/lib/ and dist/embed/'] as const) {
  describe(`Sitemill in ${consumer}`, { timeout: 600_000 }, () => {
    let server: StaticServer;
    let browser: Browser;
    let page: Page;
    let seen: Watch;

    before(async () => {
      if (consumer === 'a Vite production build') {
        appDist ??= buildApp(app);
        server = await serveStatic(appDist, '/');
      } else {
        host ??= await hostPage(path.join(work, 'host'), path.join(app, 'node_modules/sitemill'));
        server = await serveStatic(host, '/host/deep/');
      }
      browser = await launch({ width: 1280, height: 900 }, { serviceWorkers: 'block' });
      page = await browser.context.newPage();
      seen = watch(browser.context, page);
      await page.goto(server.url);
      await until(page, '!!window.sitemill && !!customElements.get("sitemill-workbench")');
    });

    after(async () => {
      await browser?.close();
      await server?.close();
    });

    it('generates a crawl export with gzip on, as the package\'s CLI does', async () => {
      const { summary, zip } = await generateIn(page, path.basename(CSV), await readFile(CSV), { gzip: true, now: NOW });
      const expected = cli('generate', CSV, ['-o', path.join(work, 'cli.zip'), '--now', NOW]);
      assert.deepEqual(counts(summary), counts(expected));
      const names = await expectPublishable(zip, `${consumer}-csv`);
      assert.ok(names.includes('sitemap-1.xml.gz'), names.join(', '));
    });

    it('generates a workbook with gzip on', async () => {
      const xlsx = workbook();
      await writeFile(path.join(work, 'pages.xlsx'), xlsx);
      const { summary, zip } = await generateIn(page, 'pages.xlsx', xlsx, { baseUrl: BASE, gzip: true, now: NOW });
      assert.equal(summary.accepted, 40);
      assert.deepEqual(counts(summary), counts(cli('generate', path.join(work, 'pages.xlsx'), ['-o', path.join(work, 'xlsx.zip'), '--base-url', BASE, '--now', NOW])));
      await expectPublishable(zip, `${consumer}-xlsx`);
    });

    it('checks a published sitemap, as the package\'s CLI does', async () => {
      const text = await readFile(SITEMAP, 'utf8');
      const checked = (await page.evaluate(`window.sitemill.check(new File([${JSON.stringify(text)}], 'sitemap.xml'), { now: '${NOW}' })`)) as CheckSummary;
      const expected = JSON.parse(execFileSync(path.join(app, 'node_modules/.bin/sitemill'), ['check', SITEMAP, '--json', '--now', NOW], { encoding: 'utf8' })) as CheckSummary;
      const shown = (c: CheckSummary) => ({ codes: c.codes, files: c.files.map(({ kind, urls, bytes, findings }) => ({ kind, urls, bytes, findings })) });
      assert.deepEqual(shown(checked), shown(expected));
      assert.equal(checked.files[0].urls, text.match(/<loc>/g)!.length);
    });

    it('runs the <sitemill-workbench> element: sitemill-complete, and a zip to download', async () => {
      await page.evaluate(`{
        window.__complete = [];
        window.__errors = [];
        document.addEventListener('sitemill-complete', (e) => window.__complete.push(e.detail));
        document.addEventListener('sitemill-error', (e) => window.__errors.push(e.detail));
      }`);
      assert.equal(await page.getByLabel('Gzip the files').isChecked(), true, 'gzip on');
      await page.getByLabel('URL list').setInputFiles({ name: 'pages.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(workbook()) });
      await until(page, 'window.__complete.length + window.__errors.length > 0');
      assert.deepEqual(await page.evaluate('window.__errors'), [], 'sitemill-error');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download zip' }).click()]);
      const file = path.join(work, `${consumer}-element.zip`);
      await download.saveAs(file);
      await expectPublishable(new Uint8Array(await readFile(file)), `${consumer}-element`);
      assert.deepEqual(seen.foreign(server.origin), [], 'requests off the origin');
      assert.deepEqual(seen.problems, [], 'errors logged');
    });
  });
}
