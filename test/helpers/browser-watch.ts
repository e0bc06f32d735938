// Records what a browser test must not see: requests off the origin, console errors, page errors.
import type { BrowserContext, Page } from 'playwright-core';

export interface Watch {
  /** Every URL requested, in order. */
  requests: string[];
  /** Console errors (page and its workers), uncaught page errors, crashes. */
  problems: string[];
  /** Requests to any origin but `origin` (data: and blob: URLs of that origin are fine). */
  foreign(origin: string): string[];
}

export function watch(context: BrowserContext, page: Page): Watch {
  const requests: string[] = [];
  const problems: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const record = (where: string) => (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') problems.push(`${where} console error: ${m.text()}`);
  };
  page.on('console', record('page'));
  page.on('worker', (w) => w.on('console', record('worker')));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('crash', () => problems.push('page crashed'));
  return {
    requests,
    problems,
    foreign: (origin) =>
      requests.filter((u) => {
        if (u.startsWith('data:')) return false;
        return new URL(u.startsWith('blob:') ? u.slice(5) : u).origin !== origin;
      }),
  };
}
