// Reads what the Check tab shows and runs `sitemill check --json` on the same files, to compare them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { CLI } from './cli.ts';
import { waitForStat } from './workbench-view.ts';

export interface CliCheck {
  files: { name: string; kind: string; urls: number; bytes: number; findings: number }[];
  codes: Record<string, number>;
  findings: { file: string; line: number; code: string; severity: string; message: string }[];
}

/** `sitemill check <inputs…> --json [args]` in `dir` (exit 4 when something is at error level is expected). */
export function runCliCheck(dir: string, inputs: string[], args: string[] = []): CliCheck {
  let out: string;
  try {
    out = execFileSync(process.execPath, [CLI, 'check', ...inputs, '--json', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (e) {
    const err = e as { status?: number; stdout?: string };
    if (err.status !== 4 || !err.stdout) throw e;
    out = err.stdout;
  }
  return JSON.parse(out) as CliCheck;
}

const KINDS: Record<string, string> = {
  urlset: 'Sitemap',
  sitemapindex: 'Sitemap index',
  text: 'Text sitemap',
  rss: 'RSS feed',
  atom: 'Atom feed',
  unknown: 'Not a sitemap',
};

/** Waits for the results of a check of `files` files. */
export async function waitForCheck(page: Page, files: number, timeout = 60_000): Promise<void> {
  await waitForStat(page, 'Check summary', 'Files', files, timeout);
}

/** The counts per code in the chart, by code. */
export async function shownCodes(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const bar of await page.locator('.chart-row').all()) {
    out[await bar.locator('.chart-code').innerText()] = Number((await bar.locator('.chart-count').innerText()).replace(/[^\d]/g, ''));
  }
  return out;
}

/** The Files table: name, kind, URLs, bytes, findings per row. */
export async function shownFiles(page: Page): Promise<CliCheck['files']> {
  const rows = await page.locator('table.checked-files tbody tr').all();
  const out: CliCheck['files'] = [];
  for (const row of rows) {
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    const n = (s: string) => Number(s.replace(/[^\d]/g, ''));
    out.push({ name: cells[0], kind: cells[1], urls: n(cells[2]), bytes: n(cells[3]), findings: n(cells[4]) });
  }
  return out;
}

/** Checks the chart, the Files table and the findings count against the CLI's `--json` for the same files. */
export async function expectCheckShown(page: Page, expected: CliCheck): Promise<void> {
  assert.deepEqual(await shownCodes(page), expected.codes, 'the counts per code are the CLI’s');
  assert.deepEqual(
    await shownFiles(page),
    expected.files.map((f) => ({ ...f, kind: KINDS[f.kind] })),
    'the files, their kinds, URLs, bytes and findings are the CLI’s',
  );
  const total = expected.findings.length;
  await page.getByText(`${total.toLocaleString('en')} ${total === 1 ? 'finding' : 'findings'}`, { exact: true }).waitFor();
}
