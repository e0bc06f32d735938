/**
 * How fast `sitemill check` reads XML: the 1M-row list is generated with the CLI (gzipped, the
 * default, and with --no-gzip), then checked; MB/s counts uncompressed XML bytes over wall time,
 * process start included. Target: 50 MB/s or more.
 *
 *   npm run build && node --import tsx bench/check.ts
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { ensureDataset } from './dataset.ts';
import { measure } from './peak.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'lib', 'cli.js');
const ROUNDS = 3;

const list = ensureDataset('1m');
const tmp = mkdtempSync(join(os.tmpdir(), 'sitemill-check-bench-'));
try {
  for (const gzip of [true, false]) {
    const dir = join(tmp, gzip ? 'gz' : 'xml');
    const gen = await measure(process.execPath, [CLI, 'generate', list, '--base-url', 'https://www.example.com/', '--out-dir', dir, '--now', '2026-01-01T00:00:00Z', '--quiet', ...(gzip ? [] : ['--no-gzip'])]);
    if (gen.code !== 0) throw new Error(`generate failed: ${gen.stderr}`);
    const files = readdirSync(dir).filter((n) => /^sitemap-/.test(n)).map((n) => join(dir, n));
    const xmlBytes = files.reduce((n, f) => n + (f.endsWith('.gz') ? gunzipSync(readFileSync(f)).length : statSync(f).size), 0);
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await measure(process.execPath, [CLI, 'check', ...files, '--json']);
      if (r.code !== 0) throw new Error(`check exited ${r.code}: ${r.stderr}${r.stdout.slice(0, 500)}`);
      const result = JSON.parse(r.stdout);
      const urls = result.files.reduce((n: number, f: { urls: number }) => n + f.urls, 0);
      const mbps = xmlBytes / 1e6 / (r.ms / 1000);
      console.log(
        `${gzip ? '.xml.gz' : '.xml   '}  round ${round}: ${files.length} files, ${urls.toLocaleString('en-US')} entries, ` +
          `${(xmlBytes / 1e6).toFixed(1)} MB of XML in ${(r.ms / 1000).toFixed(2)} s = ${mbps.toFixed(1)} MB/s, ` +
          `peak RSS ${(r.peakRssBytes / 1e6).toFixed(0)} MB, ${result.findings.length} findings`,
      );
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
