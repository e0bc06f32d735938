// Offline under the servers people use, not the suite's own: the README's `vite preview` (whose
// answers carry `Vary: Origin`) and Python's http.server. One visit, the server stopped, a reload:
// the page must come back from the service worker's cache and generate a zip.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { launch, type Browser } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/cli.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { setBaseAndTime } from '../helpers/workbench-view.ts';
import { BASE, NOW } from '../helpers/run-values.ts';
import { xmllint } from '../helpers/xmllint.ts';
import { zipFiles } from '../helpers/zip-files.ts';

const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

const SERVERS: Record<string, (port: number) => [string, string[]]> = {
  'vite preview': (port) => [process.execPath, [VITE, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']],
  'python3 -m http.server': (port) => ['python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', 'dist']],
};

/** Removes the wasm from the page's caches, as a browser evicting part of them would; returns its URL. */
function removeWasm(page: Page): Promise<string> {
  return page.evaluate(async () => {
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) {
        if (request.url.endsWith('.wasm')) {
          await cache.delete(request);
          return request.url;
        }
      }
    }
    return '';
  });
}

/** How many wasm files the page's caches hold. */
function cachedWasm(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let n = 0;
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) if (request.url.endsWith('.wasm')) n++;
    }
    return n;
  });
}

/** Loads the bundled sample list through the file input, generates, downloads and validates the zip. */
async function generateAndDownload(page: Page, work: string): Promise<void> {
  await setBaseAndTime(page, BASE, NOW);
  const list = path.join(work, 'urls.csv');
  await copyFile(path.join(ROOT, 'web/sample-urls.csv'), list);
  await page.getByLabel('URL list').setInputFiles(list);
  const button = page.getByRole('button', { name: 'Download zip' });
  await button.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const zip = path.join(work, 'offline.zip');
  await download.saveAs(zip);
  execFileSync('unzip', ['-tq', zip]);
  const xmlDir = path.join(work, 'xml');
  await mkdir(xmlDir, { recursive: true });
  const sitemaps: string[] = [];
  for (const [name, data] of await zipFiles(zip)) {
    if (!name.endsWith('.xml') || /-index(-\d+)?\.xml$/.test(name)) continue;
    const file = path.join(xmlDir, name);
    await writeFile(file, data);
    sitemaps.push(file);
  }
  assert.ok(sitemaps.length > 0, 'the zip holds sitemaps');
  xmllint('sitemap.xsd', sitemaps);
}

for (const [name, command] of Object.entries(SERVERS)) {
  describe(`offline after one visit under ${name}`, { timeout: 180_000 }, () => {
    let browser: Browser;
    let server: ServerProcess;
    let work: string;
    let page: Page;

    before(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'sitemill-offline-'));
      server = await startServerProcess(command, ROOT);
      browser = await launch();
      page = browser.context.pages()[0] ?? (await browser.context.newPage());
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('says "Works offline" once every file is cached, and fetches again a file the browser evicted', async () => {
      await page.goto(server.origin + '/');
      await page.getByText('Works offline').waitFor({ timeout: 60_000 });
      assert.match(await removeWasm(page), /\.wasm$/, 'the cache held the wasm');
      await page.reload();
      await page.getByText('Works offline').waitFor({ timeout: 30_000 });
      assert.equal(await cachedWasm(page), 1, 'the wasm is cached again');
    });

    it('comes back from the cache with the server stopped, and generates a zip', async () => {
      await server.stop();
      await assert.rejects(fetch(server.origin + '/'), 'the server is gone');
      await page.reload();
      await page.getByRole('button', { name: 'Generate sitemaps' }).waitFor({ timeout: 30_000 });
      await generateAndDownload(page, work);
    });

    it('does not say "Works offline" when a file is missing from the cache and cannot be fetched', async () => {
      assert.match(await removeWasm(page), /\.wasm$/, 'the cache held the wasm');
      await page.reload();
      await page.getByText('Offline use unavailable').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText('Works offline').count(), 0);
    });
  });
}
