/**
 * The gzip floor: the time node:zlib alone needs, on one core, to gzip the sitemap files at level 6.
 * No generator that gzips the same bytes with zlib on one core can beat it, so Sitemill's time over
 * this floor shows how much of its time is spent outside compression.
 *
 *   node --import tsx bench/floor.ts <dir of uncompressed sitemap .xml files>
 *
 * Files are read first; only the gzipSync calls are timed (synchronous, so on this one thread).
 * Index files are skipped: Sitemill does not gzip them either.
 * Prints one JSON line: {ms, files, bytesIn, bytesOut}.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: floor.ts <dir>\n');
  process.exit(2);
}

const names = readdirSync(dir)
  .filter((n) => n.endsWith('.xml') && !/-index(-\d+)?\.xml$/.test(n))
  .sort();
if (names.length === 0) {
  process.stderr.write(`no sitemap .xml files in ${dir}\n`);
  process.exit(1);
}
const inputs = names.map((n) => readFileSync(join(dir, n)));

let bytesOut = 0;
const t0 = performance.now();
for (const input of inputs) {
  bytesOut += gzipSync(input, { level: 6 }).length;
}
const ms = performance.now() - t0;

const bytesIn = inputs.reduce((s, b) => s + b.length, 0);
process.stdout.write(JSON.stringify({ ms, files: inputs.length, bytesIn, bytesOut }) + '\n');
