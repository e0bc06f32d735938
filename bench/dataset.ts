/**
 * Deterministic, realistic URL list for the benchmark (CSV: loc,lastmod,changefreq,priority).
 *
 * Every loc is already in WHATWG canonical form (new URL(loc).href === loc), unique, and on one host,
 * so every row is accepted by every tool and the tools do the same work. Fields never contain
 * commas or double quotes, so the peers can split lines on ',' without a CSV parser.
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from './prng.ts';

export const HOST = 'https://www.example.com';
export const SEED = 20260101;
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');
export const DATASETS = { '100k': 100_000, '300k': 300_000, '1m': 1_000_000, '5m': 5_000_000, '10m': 10_000_000 } as const;
export type DatasetName = keyof typeof DATASETS;

const CHUNK_CHARS = 1 << 20;

const SECTIONS = [
  'products', 'blog', 'news', 'category', 'help', 'docs', 'store', 'shop', 'articles', 'guides',
  'support', 'collections', 'brands', 'events', 'recipes', 'jobs', 'press', 'learn', 'community',
  'reviews', 'c', 'p', 'item', 'deals', 'locations',
];
const LOCALES = ['en-us', 'en-gb', 'de-de', 'fr-fr', 'es-es', 'it-it', 'nl-nl', 'ja-jp', 'pt-br', 'sv-se'];
const WORDS = [
  'shoes', 'running', 'trail', 'leather', 'boots', 'sandals', 'jackets', 'winter', 'summer', 'spring',
  'autumn', 'outdoor', 'indoor', 'kitchen', 'garden', 'furniture', 'lighting', 'lamps', 'chairs',
  'tables', 'sofas', 'beds', 'mattress', 'pillows', 'towels', 'bath', 'laptops', 'phones', 'tablets',
  'cameras', 'lenses', 'audio', 'headphones', 'speakers', 'watches', 'rings', 'necklaces', 'bags',
  'backpacks', 'wallets', 'coffee', 'tea', 'espresso', 'grinder', 'blender', 'toaster', 'oven',
  'recipe', 'pasta', 'pizza', 'salad', 'soup', 'vegan', 'gluten-free', 'healthy', 'quick', 'easy',
  'best', 'top', 'new', 'sale', 'clearance', 'gift', 'ideas', 'guide', 'how-to', 'review', 'vs',
  'comparison', 'tips', 'tricks', 'update', 'release', 'notes', 'announcement', 'travel', 'hotels',
  'flights', 'city', 'beach', 'mountain', 'hiking', 'cycling', 'yoga', 'fitness', 'training', 'plan',
  'budget', 'premium', 'classic', 'modern', 'vintage', 'black', 'white', 'red', 'blue', 'green',
  'small', 'large', 'xl', 'kids', 'men', 'women', 'unisex', 'organic', 'cotton', 'wool', 'linen',
  'steel', 'wood', 'glass', 'ceramic', 'eco', 'smart', 'wireless', 'portable', 'pro', 'mini', 'max',
];
/** ~3% of rows: an apostrophe in the path (WHATWG leaves ' unescaped in paths). */
const APOSTROPHE_WORDS = [
  "men's", "women's", "kids'", "o'neill", "valentine's-day", "mother's-day", "father's-day",
  "new-year's-eve", "chef's-choice", "editor's-picks", "d'artagnan", "l'atelier", "st-patrick's-day",
];
/** ~3% of rows: non-ASCII, already percent-encoded (upper-case hex, as the URL serializer writes it). */
const NON_ASCII_WORDS = [
  'café', 'crème-brûlée', 'über-uns', 'niño', 'straße', 'smørrebrød', '東京', '日本語', 'русский',
  'français', 'ação', 'zürich', 'māori', 'piñata', 'jalapeño', 'kraków', 'göteborg', 'señor',
].map(encodeURIComponent);
const QUERY_KEYS = ['color', 'size', 'sort', 'page', 'ref', 'variant', 'lang', 'view', 'filter', 'utm_source'];
const CHANGEFREQS: Array<[string, number]> = [
  ['always', 1], ['hourly', 4], ['daily', 25], ['weekly', 35], ['monthly', 25], ['yearly', 5], ['never', 5],
];
const PRIORITIES = ['0.1', '0.2', '0.3', '0.4', '0.5', '0.5', '0.5', '0.6', '0.6', '0.7', '0.8', '0.9', '1.0'];

const MIN_SEC = Date.UTC(2015, 0, 1) / 1000;
const MAX_SEC = Date.UTC(2026, 0, 1) / 1000 - 1;

/** Ids are a bijection of the row index mod 10^7, so every loc carries a distinct id. */
const ID_MOD = 10_000_000;
const ID_MUL = 7_654_321; // coprime with 10^7

export type Rand = () => number;

export function pick<T>(rand: Rand, list: readonly T[]): T {
  return list[(rand() * list.length) | 0];
}

function weighted(rand: Rand, table: Array<[string, number]>, total: number): string {
  let r = rand() * total;
  for (const [value, weight] of table) {
    r -= weight;
    if (r < 0) return value;
  }
  return table[table.length - 1][0];
}

export function slug(rand: Rand, min: number, max: number): string {
  const n = min + ((rand() * (max - min + 1)) | 0);
  let s = pick(rand, WORDS);
  for (let i = 1; i < n; i++) s += '-' + pick(rand, WORDS);
  return s;
}

function middleSegment(rand: Rand, position: number): string {
  const r = rand();
  if (position === 0) {
    if (r < 0.7) return pick(rand, SECTIONS);
    if (r < 0.85) return pick(rand, LOCALES);
    return pick(rand, WORDS);
  }
  if (r < 0.45) return pick(rand, WORDS);
  if (r < 0.75) return slug(rand, 2, 3);
  if (r < 0.85) return String(2010 + ((rand() * 16) | 0));
  return 'c' + ((rand() * 5000) | 0);
}

function lastSegment(rand: Rand, id: number): string {
  const r = rand();
  if (r < 0.3) return String(id);
  if (r < 0.65) return slug(rand, 1, 6) + '-' + id;
  if (r < 0.8) return slug(rand, 1, 5) + '-' + id + '.html';
  return slug(rand, 1, 5) + '-' + id + '/';
}

function query(rand: Rand): string {
  const r = rand();
  if (r < 0.05) {
    return '?' + pick(rand, QUERY_KEYS) + '=' + pick(rand, WORDS) + '&' + pick(rand, QUERY_KEYS) + '=' + ((rand() * 100) | 0);
  }
  if (r < 0.09) return '?page=' + (2 + ((rand() * 40) | 0));
  return '';
}

const SEGMENT_WEIGHTS: Array<[string, number]> = [['1', 8], ['2', 25], ['3', 30], ['4', 20], ['5', 12], ['6', 5]];
const CF_TOTAL = CHANGEFREQS.reduce((s, [, w]) => s + w, 0);

/** A page URL, canonical and unique for each index (the crawler export builds on these too). */
export function loc(rand: Rand, index: number, idOffset: number): string {
  const id = (index * ID_MUL + idOffset) % ID_MOD;
  const count = Number(weighted(rand, SEGMENT_WEIGHTS, 100));
  const segments: string[] = [];
  for (let p = 0; p < count - 1; p++) segments.push(middleSegment(rand, p));
  let last = lastSegment(rand, id);
  const special = rand();
  const word = special < 0.03 ? pick(rand, APOSTROPHE_WORDS) : special < 0.06 ? pick(rand, NON_ASCII_WORDS) : '';
  if (word !== '') {
    if (segments.length > 0) segments[(rand() * segments.length) | 0] = word;
    else last = word + '-' + last;
  }
  segments.push(last);
  return HOST + '/' + segments.join('/') + query(rand);
}

function lastmod(rand: Rand): string {
  const iso = new Date((MIN_SEC + Math.floor(rand() * (MAX_SEC - MIN_SEC))) * 1000).toISOString();
  return rand() < 0.55 ? iso.slice(0, 10) : iso.slice(0, 19) + 'Z';
}

/** Writes `rows` data rows (plus the header) to `path`, about 1 MiB per write. */
export function writeDataset(path: string, rows: number, seed: number): void {
  if (rows > ID_MOD) throw new Error(`at most ${ID_MOD} rows keep ids unique`);
  const rand = mulberry32(seed);
  const idOffset = seed % ID_MOD;
  const fd = openSync(path, 'w');
  try {
    let chunk = 'loc,lastmod,changefreq,priority\n';
    for (let i = 0; i < rows; i++) {
      chunk += loc(rand, i, idOffset) + ',' + lastmod(rand) + ',' + weighted(rand, CHANGEFREQS, CF_TOTAL) + ',' + pick(rand, PRIORITIES) + '\n';
      if (chunk.length >= CHUNK_CHARS) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    if (chunk.length > 0) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** Path of a cached dataset, generated (via a temp file, so an interrupted run leaves no half file) if missing. */
export function ensureDataset(name: DatasetName): string {
  const path = join(DATA_DIR, `urls-${name}.csv`);
  if (existsSync(path)) return path;
  mkdirSync(DATA_DIR, { recursive: true });
  const tmp = path + '.tmp';
  const t0 = performance.now();
  process.stderr.write(`generating ${path} (${DATASETS[name]} rows)…\n`);
  writeDataset(tmp, DATASETS[name], SEED);
  renameSync(tmp, path);
  process.stderr.write(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return path;
}

// `node --import tsx bench/dataset.ts [100k|300k|1m|5m|10m …]` pre-generates datasets.
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const names = process.argv.slice(2);
  for (const name of names.length > 0 ? names : ['100k', '1m']) {
    if (!(name in DATASETS)) throw new Error(`unknown dataset ${name}; one of ${Object.keys(DATASETS).join(', ')}`);
    console.log(ensureDataset(name as DatasetName));
  }
}
