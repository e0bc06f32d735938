// The setup every browser suite shares: the built files it needs checked, dist/ served at a path of
// its own (with the CSP), a fresh Chromium, its first page with a watch on requests and errors, and
// a work folder; one close() ends them all.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { watch, type Watch } from './browser-watch.ts';
import { launch, type Browser, type LaunchOptions } from './chromium.ts';
import { ROOT } from './cli.ts';
import { serveStatic, type SiteFile, type StaticServer } from './static-server.ts';

export interface SuiteOptions {
  /** Names the work folder: sitemill-<name>-…. */
  name: string;
  /** The sub-path dist/ is served under, with a trailing `/`. */
  mount: string;
  /** Built files the suite needs, from the repository root: a missing one fails the suite with how to build it. */
  needs: string[];
  viewport?: { width: number; height: number };
  launch?: LaunchOptions;
  /** Files the site serves beside the page, by path: `/robots.txt`. */
  site?: Record<string, SiteFile>;
}

export interface BrowserSuite {
  server: StaticServer;
  context: BrowserContext;
  page: Page;
  seen: Watch;
  /** A fresh folder for the suite's files; close() removes it. */
  work: string;
  /** The check each suite ends with: no request left the origin and nothing logged an error. */
  expectNoForeignRequestsOrErrors(): void;
  close(): Promise<void>;
}

export async function openBrowserSuite(options: SuiteOptions): Promise<BrowserSuite> {
  for (const file of options.needs) {
    assert.ok(existsSync(path.join(ROOT, file)), `${file} is missing: run \`npm run build\` first`);
  }
  let work: string | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  };
  try {
    work = await mkdtemp(path.join(tmpdir(), `sitemill-${options.name}-`));
    server = await serveStatic(path.join(ROOT, 'dist'), options.mount, options.site);
    browser = await launch(options.viewport, options.launch);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const seen = watch(browser.context, page);
    const origin = server.origin;
    return {
      server,
      context: browser.context,
      page,
      seen,
      work,
      expectNoForeignRequestsOrErrors: () => {
        assert.deepEqual(seen.foreign(origin), [], 'requests off the origin');
        assert.deepEqual(seen.problems, [], 'errors logged');
      },
      close,
    };
  } catch (error) {
    // A browser that will not start still fails the suite, but leaves no server open to hold the run.
    await close();
    throw error;
  }
}
