/**
 * Peer: sitemap.js (npm `sitemap` v9) generating gzipped sitemaps + an index from the benchmark CSV.
 *
 *   node --import tsx bench/sitemapjs.ts <fair|documented> <csv> <outdir>
 *
 * fair:       SitemapAndIndexStream (limit 50,000); each sitemap goes through a 64 KiB coalescer, then
 *             zlib level 6, to `sitemap-N.xml.gz`; the index is written uncompressed, as Sitemill does.
 * documented: the pipe exactly as sitemap.js's README shows it for SitemapAndIndexStream: every small
 *             string SitemapStream pushes is its own write to createGzip(); the index is gzipped too.
 *
 * Both modes read the CSV the same way, so they differ only in the output pipe.
 * Prints one JSON line: {mode, ms, files, bytes}; ms covers the generation only, not process start-up.
 */
import { createWriteStream, mkdirSync, readdirSync, statSync, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable, type Stream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { SitemapAndIndexStream, SitemapStream } from 'sitemap';
import { Coalesce } from './coalesce.ts';
import { csvRows } from './csv-rows.ts';

const HOST = 'https://www.example.com';
const LIMIT = 50_000;

async function fair(csv: string, outdir: string): Promise<void> {
  const sms = new SitemapAndIndexStream({
    limit: LIMIT,
    getSitemapStream: (i) => {
      const sitemapStream = new SitemapStream({ hostname: HOST });
      const name = `sitemap-${i + 1}.xml.gz`;
      const ws = sitemapStream
        .pipe(new Coalesce())
        .pipe(createGzip({ level: 6 }))
        .pipe(createWriteStream(join(outdir, name)));
      return [new URL(name, HOST + '/').toString(), sitemapStream, ws];
    },
  });
  await pipeline(Readable.from(csvRows(csv)), sms, createWriteStream(join(outdir, 'sitemap-index.xml')));
}

async function documented(csv: string, outdir: string): Promise<void> {
  const sms = new SitemapAndIndexStream({
    limit: LIMIT,
    lastmodDateOnly: false,
    getSitemapStream: (i) => {
      const sitemapStream = new SitemapStream({ hostname: HOST });
      const path = `./sitemap-${i}.xml`;
      const ws = sitemapStream
        .pipe(createGzip())
        .pipe(createWriteStream(resolve(outdir, path + '.gz')));
      return [new URL(path, HOST + '/').toString(), sitemapStream, ws];
    },
  });
  const source = Readable.from(csvRows(csv));
  const gzip = createGzip();
  const index: WriteStream = createWriteStream(resolve(outdir, './sitemap-index.xml.gz'));
  source.pipe(sms).pipe(gzip).pipe(index);
  // .pipe() does not forward errors; without these a failure would hang instead of exiting non-zero.
  await new Promise<void>((done, fail) => {
    for (const s of [source, sms, gzip, index] as Stream[]) s.on('error', fail);
    index.on('finish', done);
  });
}

function dirBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    files++;
    bytes += statSync(join(dir, name)).size;
  }
  return { files, bytes };
}

async function main(): Promise<void> {
  const [mode, csv, outdir] = process.argv.slice(2);
  if ((mode !== 'fair' && mode !== 'documented') || !csv || !outdir) {
    process.stderr.write('usage: sitemapjs.ts <fair|documented> <csv> <outdir>\n');
    process.exit(2);
  }
  mkdirSync(outdir, { recursive: true });
  const t0 = performance.now();
  await (mode === 'fair' ? fair : documented)(csv, outdir);
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ mode, ms, ...dirBytes(outdir) }) + '\n');
}

await main();
