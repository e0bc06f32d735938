// The setup every browser suite shares: dist/ served at a path of its own (with the CSP), a fresh
// Chromium, its first page, and a watch on requests and errors.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launch, type Browser, type LaunchOptions } from './chromium.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { watch, type Watch } from './browser-watch.ts';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

export interface PageSession {
  server: StaticServer;
  browser: Browser;
  page: Page;
  seen: Watch;
}

export async function openPage(mount: string, viewport = { width: 1280, height: 800 }, options: LaunchOptions = {}): Promise<PageSession> {
  const server = await serveStatic(path.resolve(DIST), mount);
  const browser = await launch(viewport, options);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  return { server, browser, page, seen: watch(browser.context, page) };
}

/** Closes what a suite opened, in whatever state its `before` left it: browser, server, work folder. */
export async function closePage(browser: Browser | undefined, server: StaticServer | undefined, work?: string): Promise<void> {
  await browser?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
}
