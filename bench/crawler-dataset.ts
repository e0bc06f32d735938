/**
 * Deterministic crawler export for the benchmark: 1M rows as Screaming Frog's "Internal - All"
 * writes them (33 of its columns, in its order, a UTF-8 BOM, every field quoted, CRLF), and a plain
 * list of the same URLs (the Address column alone, one a line), so the two can be timed side by side.
 *
 * The mix, by row: 67% 200 HTML, indexable, self-canonical; 8% redirects (301/302/308) with their
 * Redirect URL; 3% 404; 1% 5xx; 3% noindex; 5% canonicalised to another URL; 10% images, CSS, JS and
 * fonts; 1% PDFs; 2% pages reached with utm_* or gclid parameters (indexable, no canonical element).
 * Pages that belong: the 200 HTML, the PDFs and the tracked pages (their parameters stripped).
 * Every Address is unique, also once tracking parameters are stripped, so the plain list is
 * accepted whole and the export keeps exactly the rows counted in `belongs`.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA_DIR, HOST, loc, pick, slug, type Rand } from './dataset.ts';
import { mulberry32 } from './prng.ts';

export const CRAWLER_ROWS = 1_000_000;
const SEED = 20260102;
const CHUNK_CHARS = 1 << 20;

const COLUMNS = [
  'Address', 'Content Type', 'Status Code', 'Status', 'Indexability', 'Indexability Status',
  'Title 1', 'Title 1 Length', 'Meta Description 1', 'Meta Description 1 Length', 'H1-1', 'H1-1 Length',
  'H2-1', 'H2-1 Length', 'Meta Robots 1', 'X-Robots-Tag 1', 'Canonical Link Element 1', 'Size (bytes)',
  'Word Count', 'Text Ratio', 'Crawl Depth', 'Inlinks', 'Unique Inlinks', 'Outlinks', 'Unique Outlinks',
  'Hash', 'Response Time', 'Last Modified', 'Redirect URL', 'Redirect Type', 'HTTP Version',
  'URL Encoded Address', 'Crawl Timestamp',
];

type Kind = 'page' | 'redirect' | 'not-found' | 'server-error' | 'noindex' | 'canonicalised' | 'asset' | 'pdf' | 'tracked';
const KINDS: Array<[Kind, number]> = [
  ['page', 67], ['redirect', 8], ['not-found', 3], ['server-error', 1], ['noindex', 3], ['canonicalised', 5],
  ['asset', 10], ['pdf', 1], ['tracked', 2],
];
const BELONGS = new Set<Kind>(['page', 'pdf', 'tracked']);

const HTML = 'text/html; charset=UTF-8';
const ROBOTS_DEFAULT = 'index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1';
const ASSETS: Array<[string, string, string]> = [
  // [content type, folder, extension]
  ['image/jpeg', 'wp-content/uploads', 'jpg'], ['image/jpeg', 'wp-content/uploads', 'jpg'],
  ['image/png', 'wp-content/uploads', 'png'], ['image/webp', 'wp-content/uploads', 'webp'],
  ['image/svg+xml', 'wp-content/uploads', 'svg'], ['image/gif', 'wp-content/uploads', 'gif'],
  ['text/css', 'wp-content/themes/trail/css', 'css'], ['application/javascript', 'wp-includes/js', 'js'],
  ['application/javascript', 'wp-content/plugins/shop/assets/js', 'min.js'], ['font/woff2', 'wp-content/themes/trail/fonts', 'woff2'],
];
const REDIRECTS: Array<[string, string]> = [['301', 'Moved Permanently'], ['301', 'Moved Permanently'], ['301', 'Moved Permanently'], ['302', 'Found'], ['308', 'Permanent Redirect']];
const SERVER_ERRORS: Array<[string, string]> = [['500', 'Internal Server Error'], ['502', 'Bad Gateway'], ['503', 'Service Unavailable']];
const NOINDEX = ['noindex, follow', 'noindex, nofollow', 'NOINDEX,NOFOLLOW', 'noindex'];
const CANONICAL_PARAMS = ['sort=price', 'orderby=date', 'color=red', 'view=grid', 'size=m', 'filter=sale'];
const TRACKING = ['utm_source=newsletter&utm_medium=email&utm_campaign=spring', 'utm_source=facebook&utm_medium=social', 'gclid=Cj0KCQiA5rGuBhCnARIsAN11vgR', 'utm_source=google&utm_medium=cpc&gclid=EAIaIQobChMI8'];
const BRANDS = ['Example Outdoor', 'Example Store', 'Example'];
const H2S = ['Specifications', 'Features', 'Related products', 'Why we like it', 'In the box', 'Latest posts', 'Reviews', 'Delivery & returns'];
const SENTENCES = [
  'Free delivery on orders over £50, and free returns within 30 days.',
  'Tested on real trails by our team, in every season.',
  'Compare sizes, colours and prices, and read what other customers say.',
  'Made from recycled materials, with a two-year guarantee.',
  'Order before 3 pm for next-day delivery.',
  'Our guide explains what to look for, step by step.',
  'Prices include VAT; "members" save a further 10%.',
  'Everything you need to know, in one place.',
];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CRAWL_START = Date.UTC(2026, 0, 5, 9, 0, 0);

function int(rand: Rand, min: number, max: number): number {
  return min + ((rand() * (max - min + 1)) | 0);
}

function kindOf(rand: Rand): Kind {
  let r = rand() * 100;
  for (const [kind, weight] of KINDS) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'page';
}

function titleCase(words: string): string {
  return words.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** SF shows the Address readable (non-ASCII decoded); the URL Encoded Address column keeps the bytes. */
function readable(url: string): string {
  if (!url.includes('%')) return url;
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function httpDate(rand: Rand): string {
  const d = new Date(Date.UTC(2019, 0, 1) + Math.floor(rand() * 7 * 365 * 86400) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[(d.getUTCDay() + 6) % 7]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} GMT`;
}

function hash(rand: Rand): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += ((rand() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
  return s;
}

function crawlTimestamp(index: number): string {
  return new Date(CRAWL_START + index * 40).toISOString().slice(0, 19).replace('T', ' ');
}

/** The page's own URL without its utm_* parameters: what a site names as canonical. */
function untracked(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('utm_')) return url;
  const kept = url.slice(q + 1).split('&').filter((p) => !p.startsWith('utm_'));
  return url.slice(0, q) + (kept.length > 0 ? '?' + kept.join('&') : '');
}

function field(value: string): string {
  return '"' + (value.includes('"') ? value.replaceAll('"', '""') : value) + '"';
}

interface Row {
  address: string;
  kind: Kind;
  line: string;
}

/** One row; `index` keeps page URLs unique (dataset.ts's ids), asset and PDF names carry it too. */
function row(rand: Rand, index: number): Row {
  const kind = kindOf(rand);
  const page = loc(rand, index, SEED);
  let address = page;
  let type = HTML;
  let code = '200';
  let status = 'OK';
  let indexable = 'Indexable';
  let why = '';
  let robots = rand() < 0.6 ? ROBOTS_DEFAULT : '';
  let xRobots = '';
  let canonical = untracked(page);
  let redirect = '';
  let redirectType = '';
  let text = true;
  let lastModified = rand() < 0.2 ? httpDate(rand) : '';
  switch (kind) {
    case 'redirect': {
      [code, status] = pick(rand, REDIRECTS);
      indexable = 'Non-Indexable';
      why = 'Redirected';
      redirect = loc(rand, (index + 1 + int(rand, 0, 1000)) % CRAWLER_ROWS, SEED + 1);
      redirectType = 'HTTP Redirect';
      text = false;
      break;
    }
    case 'not-found':
      [code, status, why] = rand() < 0.9 ? ['404', 'Not Found', 'Client Error'] : ['410', 'Gone', 'Client Error'];
      indexable = 'Non-Indexable';
      canonical = '';
      robots = '';
      break;
    case 'server-error':
      [code, status] = pick(rand, SERVER_ERRORS);
      indexable = 'Non-Indexable';
      why = 'Server Error';
      canonical = '';
      robots = '';
      text = false;
      break;
    case 'noindex':
      indexable = 'Non-Indexable';
      why = 'noindex';
      if (rand() < 0.8) robots = pick(rand, NOINDEX);
      else xRobots = 'noindex';
      break;
    case 'canonicalised':
      address = page + (page.includes('?') ? '&' : '?') + pick(rand, CANONICAL_PARAMS);
      indexable = 'Non-Indexable';
      why = 'Canonicalised';
      break;
    case 'tracked':
      address = page + (page.includes('?') ? '&' : '?') + pick(rand, TRACKING);
      canonical = '';
      break;
    case 'asset': {
      const [t, folder, ext] = pick(rand, ASSETS);
      type = t;
      const dated = folder === 'wp-content/uploads' ? `/${int(rand, 2018, 2025)}/${String(int(rand, 1, 12)).padStart(2, '0')}` : '';
      address = `${HOST}/${folder}${dated}/${slug(rand, 1, 3)}-${index}.${ext}${ext === 'css' || ext.endsWith('js') ? `?ver=${int(rand, 1, 9)}.${int(rand, 0, 9)}.${int(rand, 0, 9)}` : ''}`;
      canonical = '';
      robots = '';
      text = false;
      lastModified = httpDate(rand);
      break;
    }
    case 'pdf':
      address = `${HOST}/downloads/${slug(rand, 2, 4)}-${index}.pdf`;
      type = 'application/pdf';
      canonical = '';
      robots = '';
      text = false;
      lastModified = httpDate(rand);
      break;
  }
  const shown = readable(address);
  const words = page.slice(HOST.length + 1).split(/[/?&=.]/).filter((s) => /^[a-z-]{3,}$/.test(s));
  const subject = words.length > 0 ? titleCase(words[words.length - 1]) : 'Home';
  const title = text ? `${subject}${rand() < 0.2 ? `, ${int(rand, 2, 9)} Colours` : ''} | ${pick(rand, BRANDS)}` : '';
  const description = text && rand() < 0.7 ? `${subject}: ${pick(rand, SENTENCES)} ${pick(rand, SENTENCES)}` : '';
  const h1 = text ? subject : '';
  const h2 = text ? pick(rand, H2S) : '';
  const len = (s: string) => (text ? String(s.length) : '');
  const size = code.startsWith('3') || code.startsWith('5') ? '0' : String(int(rand, type === HTML ? 20_000 : 2_000, 250_000));
  const cells = [
    shown, type, code, status, indexable, why,
    title, len(title), description, len(description), h1, len(h1),
    h2, len(h2), robots, xRobots, canonical, size,
    text ? String(int(rand, 80, 2500)) : '', text ? (rand() * 25).toFixed(3) : '', String(int(rand, 1, 9)),
    String(int(rand, 1, 400)), String(int(rand, 1, 200)), text ? String(int(rand, 20, 250)) : '', text ? String(int(rand, 15, 200)) : '',
    code === '200' ? hash(rand) : '', (rand() * 2).toFixed(3), lastModified, redirect, redirectType, '1.1',
    address, crawlTimestamp(index),
  ];
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i > 0 ? ',' : '') + field(cells[i]);
  return { address: shown, kind, line: line + '\r\n' };
}

export interface CrawlerDataset {
  export: string;
  plain: string;
  rows: number;
  /** Rows that belong in a sitemap: what the export must keep. */
  belongs: number;
  byKind: Record<string, number>;
}

/** Writes the export and the plain list of its Address column, about 1 MiB per write. */
export function writeCrawlerDataset(exportPath: string, plainPath: string, rows: number, seed: number): Omit<CrawlerDataset, 'export' | 'plain'> {
  const rand = mulberry32(seed);
  const byKind: Record<string, number> = {};
  let belongs = 0;
  const fd = openSync(exportPath, 'w');
  const plainFd = openSync(plainPath, 'w');
  try {
    let chunk = '\ufeff' + COLUMNS.map(field).join(',') + '\r\n';
    let plain = '';
    for (let i = 0; i < rows; i++) {
      const r = row(rand, i);
      chunk += r.line;
      plain += r.address + '\n';
      byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
      if (BELONGS.has(r.kind)) belongs++;
      if (chunk.length >= CHUNK_CHARS) {
        writeSync(fd, chunk);
        chunk = '';
      }
      if (plain.length >= CHUNK_CHARS) {
        writeSync(plainFd, plain);
        plain = '';
      }
    }
    if (chunk.length > 0) writeSync(fd, chunk);
    if (plain.length > 0) writeSync(plainFd, plain);
  } finally {
    closeSync(fd);
    closeSync(plainFd);
  }
  return { rows, belongs, byKind };
}

/** Paths of the cached export and plain list, generated (via temp files) if missing. */
export function ensureCrawlerDataset(): CrawlerDataset {
  const exportPath = join(DATA_DIR, 'crawler-internal-all-1m.csv');
  const plainPath = join(DATA_DIR, 'crawler-urls-1m.txt');
  const metaPath = join(DATA_DIR, 'crawler-1m.json');
  if (existsSync(exportPath) && existsSync(plainPath) && existsSync(metaPath)) {
    return { export: exportPath, plain: plainPath, ...JSON.parse(readFileSync(metaPath, 'utf8')) };
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const t0 = performance.now();
  process.stderr.write(`generating ${exportPath} and ${plainPath} (${CRAWLER_ROWS} rows)…\n`);
  const meta = writeCrawlerDataset(exportPath + '.tmp', plainPath + '.tmp', CRAWLER_ROWS, SEED);
  renameSync(exportPath + '.tmp', exportPath);
  renameSync(plainPath + '.tmp', plainPath);
  writeFileSync(metaPath, JSON.stringify(meta) + '\n');
  process.stderr.write(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return { export: exportPath, plain: plainPath, ...meta };
}

// `node --import tsx bench/crawler-dataset.ts` pre-generates both files and prints the mix.
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  console.log(JSON.stringify(ensureCrawlerDataset(), null, 2));
}
