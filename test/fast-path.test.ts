// The loc fast path (assembly/loc.ts `locIsCanonical`) against the WHATWG URL parser (`new URL`),
// and the whole pipeline (src/engine.ts `generate`) against a reference written from SPEC section 4.
// Seeded: set SEED to replay a run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { testCore, type TestCore } from './helpers/test-core.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { generate } from '../src/generate/engine.ts';
import { isRelativeReference } from '../src/rules/slow-url.ts';
import { notPageByName } from '../src/rules/asset-names.ts';
import { mulberry32, testSeed } from './random.ts';
import { concatParts, NOW } from './helpers.ts';

const SEED = testSeed('fast-path.test.ts');


const encoder = new TextEncoder();
const decoder = new TextDecoder();
const URLS_PER_BASE = 100_000;
const PIPELINE_ROWS = 20_000;

interface Base {
  href: string;
  scheme: string;
  host: string;
  /** ':8080' or '' */
  port: string;
  origin: string;
  hostVariants: string[];
  portVariants: string[];
}

const BASES: Base[] = [
  {
    href: 'https://www.example.com/',
    scheme: 'https',
    host: 'www.example.com',
    port: '',
    origin: 'https://www.example.com',
    hostVariants: [
      'WWW.EXAMPLE.COM', 'Www.Example.Com', 'www.EXAMPLE.com', 'www.example.com.', 'www.example.com..', 'www..example.com',
      'www.exämple.com', 'www.xn--exmple-cua.com', 'xn--www.example.com', 'xn--', 'xn--a.example.com', 'ｗｗｗ.example.com',
      '%77ww.example.com', 'www.example.com%2e', 'www.ex ample.com', 'example.com', 'www.example.co', 'www.example.com.evil',
      '127.1', '0x7f.1', '1.2.3.4', '0177.0.0.1', '2130706433', '999.1.1.1', '1.2.3.4.5', '[::1]', '[2001:db8::1]',
      '[2001:DB8:0:0::1]', '[::ffff:1.2.3.4]', '[::1', 'localhost', '', 'www.example.com\t', 'ww\nw.example.com',
      'www.example.com:', 'www.example.com\\', 'user:pass@www.example.com', 'user@www.example.com', ':@www.example.com',
      '@www.example.com', 'www.example.com@evil.com', 'evil.com@www.example.com', 'www.example.com#@evil',
    ],
    portVariants: ['', '', '', ':443', ':0443', ':80', ':8080', ':99999', ':', ':65535', ':0', ':00443', ':4 43'],
  },
  {
    href: 'http://localhost:8080/',
    scheme: 'http',
    host: 'localhost',
    port: ':8080',
    origin: 'http://localhost:8080',
    hostVariants: [
      'LOCALHOST', 'LocalHost', 'localhost.', 'localhost..', 'lócalhost', 'xn--lcalhost-0za', '127.0.0.1', '127.1', '0x7f.1',
      '1.2.3.4', '[::1]', '[2001:db8::1]', 'localhost%2e', '%6cocalhost', 'local host', '', 'user:pass@localhost',
      'localhost\\', 'ｌｏｃａｌｈｏｓｔ', 'xn--', 'localhost.localdomain',
    ],
    portVariants: [':8080', ':8080', ':8080', ':08080', ':80', '', ':443', ':99999', ':', ':0', ':8080 ', ':80800'],
  },
];

const PUNCT = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// Characters the parser leaves alone in a path, apart from `%` (handled as %XX) and `/`.
const PATH_SAFE = ALNUM + "-._~!$&'()*+,;=:@";
// The same in a special URL's query (`'` is encoded there; `/` and `?` are not).
const QUERY_SAFE = ALNUM + '-._~!$&()*+,;=:@/?`{}';
// Left alone by the parser but declined by the fast path (the parsers of past years differed on them).
const DOUBTFUL = '^|[]{}`\\\'';
const HEX = '0123456789ABCDEFabcdef';
const DOT_SEGMENTS = ['.', '..', '%2e', '%2E', '%2e%2e', '%2E%2e', '.%2e', '%2e.', '..%2F', 'a/..', 'a/.', '...'];
const INVALID_PERCENT = ['%zz', '%', '%2', '%g1', '%%', '%2x', '%-1', '%ZZ'];
const WHITESPACE = [' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\u3000', '\u0000', '\u001f', '\u007f', '\ufeff'];

type Kind = 'canonical' | 'doubtful' | 'near-miss' | 'random';

class Gen {
  int: (n: number) => number;
  constructor(readonly rand: () => number) {
    this.int = (n) => Math.floor(rand() * n);
  }
  pick<T>(xs: readonly T[] | string): T {
    return xs[this.int(xs.length)] as T;
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  pct(): string {
    return '%' + this.pick<string>(HEX) + this.pick<string>(HEX);
  }
  unicode(): string {
    const r = this.rand();
    if (r < 0.5) {
      let c = 0x80 + this.int(0xffff - 0x80);
      if (c >= 0xd800 && c <= 0xdfff) c = 0xe9;
      return String.fromCharCode(c);
    }
    if (r < 0.9) return String.fromCodePoint(0x10000 + this.int(0x10ffff - 0x10000));
    if (r < 0.95) return String.fromCharCode(0xd800 + this.int(0x800)); // lone surrogate
    return this.pick(['é', 'ü', '中', '😀', '\u200b', '\u2028', '\ufeff', '\uffff']);
  }
  segment(safe: string, doubtful: boolean): string {
    const len = this.chance(0.1) ? 0 : 1 + this.int(12);
    let s = '';
    for (let i = 0; i < len; i++) {
      const r = this.rand();
      if (r < 0.1) s += this.pct();
      else if (doubtful && r < 0.25) s += this.pick<string>(DOUBTFUL);
      else s += this.pick<string>(safe);
    }
    // A segment starting with `.` or `%2e` may be a dot segment: the fast path declines them all.
    if (/^(\.|%2e)/i.test(s)) s = 'x' + s;
    return s;
  }
  path(doubtful: boolean): string {
    if (this.chance(0.005)) return '/' + Array.from({ length: 300 + this.int(200) }, () => this.segment(PATH_SAFE, doubtful) || 'seg').join('/');
    const n = this.int(6);
    let p = '';
    for (let i = 0; i < n; i++) p += '/' + this.segment(PATH_SAFE, doubtful);
    if (p === '' || this.chance(0.3)) p += '/';
    return p;
  }
  query(doubtful: boolean): string {
    if (!this.chance(0.4)) return '';
    if (this.chance(0.1)) return '?';
    const n = 1 + this.int(4);
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(this.segment(QUERY_SAFE, doubtful) + (this.chance(0.7) ? '=' + this.segment(QUERY_SAFE, doubtful) : ''));
    return '?' + parts.join(this.pick(['&', ';', '&&']));
  }

  canonical(base: Base, doubtful: boolean): string {
    return base.origin + this.path(doubtful) + this.query(doubtful);
  }

  /** Inserts `x` at a random place after the origin (or anywhere, when `anywhere`). */
  insert(url: string, x: string, base: Base, anywhere = false): string {
    const from = anywhere ? 0 : Math.min(url.length, base.origin.length + 1);
    const at = from + this.int(url.length - from + 1);
    return url.slice(0, at) + x + url.slice(at);
  }

  nearMiss(base: Base): string {
    const doubtful = this.chance(0.2);
    let scheme = base.scheme;
    let sep = '://';
    let host = base.host;
    let port = base.port;
    let path = this.path(doubtful);
    let query = this.query(doubtful);
    let fragment = '';
    const mutations = 1 + this.int(3);
    const late: ((u: string) => string)[] = [];
    for (let m = 0; m < mutations; m++) {
      switch (this.int(20)) {
        case 0:
          scheme = this.pick([
            base.scheme.toUpperCase(), base.scheme[0].toUpperCase() + base.scheme.slice(1), base.scheme === 'https' ? 'http' : 'https',
            'ftp', 'ws', 'wss', 'file', 'javascript', 'mailto', 'HtTpS', 'h ttps', 'https+x', '',
          ]);
          break;
        case 1:
          sep = this.pick([':/', ':', ':///', ':\\\\', ':/\\', ':\\/', '://\t', ':// ', ':////']);
          break;
        case 2:
        case 3:
          host = this.pick(base.hostVariants);
          break;
        case 4:
          port = this.pick(base.portVariants);
          break;
        case 5: {
          // A dot segment somewhere in the path.
          const segs = path.split('/');
          const at = 1 + this.int(segs.length);
          segs.splice(at, 0, this.pick(DOT_SEGMENTS));
          path = segs.join('/');
          if (!path.startsWith('/')) path = '/' + path;
          break;
        }
        case 6:
          path = this.insertIn(path, this.unicode());
          break;
        case 7:
          if (this.chance(0.5)) path = this.insertIn(path, this.pick(INVALID_PERCENT));
          else query = (query || '?') + this.pick(INVALID_PERCENT);
          break;
        case 8:
          // Every ASCII punctuation character, in the path or the query.
          if (this.chance(0.5)) path = this.insertIn(path, this.pick<string>(PUNCT));
          else query = (query || '?') + this.pick<string>(PUNCT) + this.segment(QUERY_SAFE, false);
          break;
        case 9: {
          const w = this.pick(['\t', '\n', '\r', ' ', '\r\n']);
          late.push((u) => this.insert(u, w, base, this.chance(0.3)));
          break;
        }
        case 10:
          path = path.replace(/\//g, () => (this.chance(0.5) ? '\\' : '/'));
          break;
        case 11:
          fragment = this.pick(['#', '#top', '#a b', '#é', '#%zz', '#?q', '##', '#/../x']);
          break;
        case 12:
          query = query === '' ? '?' : query + this.pick(['?', '&', '=', '']);
          break;
        case 13: {
          const w = this.pick(WHITESPACE) + (this.chance(0.3) ? this.pick(WHITESPACE) : '');
          late.push((u) => (this.chance(0.5) ? w + u : u + w));
          break;
        }
        case 14:
          path = this.insertIn(path, this.pick(['%2e', '%2E', '%2e%2e', '%2E%2e', '%252e', '%2f', '%2F', '%5C', '%3F', '%23', '%00', '%7e', '%41']));
          break;
        case 15:
          path = this.insertIn(path, String.fromCharCode(this.int(0x20)) + (this.chance(0.3) ? '\x7f' : ''));
          break;
        case 16:
          // Lower/upper-case percent-escapes and non-ASCII in the query.
          query = (query || '?') + this.pick(['%c3%a9', '%C3%A9', 'é', '😀', "'", '"', '<', '>', '`', ' ', '\\']);
          break;
        case 17:
          path = this.pick(['', '/', '//', '///x', '/./', '/../', '/a/..', '/%2e%2e/', '/.', '/..', '/a/./b', '/a/../b/', '/%2E%2e/x', '/a/%2e%2E']) + (this.chance(0.5) ? path : '');
          break;
        case 18:
          // A very long path.
          path += '/' + 'long-'.repeat(400 + this.int(200));
          break;
        case 19:
          host = this.pick(['xn--nxasmq6b', 'xn--ls8h', 'xn--www-', 'XN--NXASMQ6B', 'www.example.com.', `${base.host}.`, `${base.host.toUpperCase()}.`]);
          break;
      }
    }
    let u = `${scheme}${sep}${host}${port}${path}${query}${fragment}`;
    for (const f of late) u = f(u);
    return u;
  }

  insertIn(s: string, x: string): string {
    const at = 1 + this.int(Math.max(1, s.length));
    return s.slice(0, at) + x + s.slice(at);
  }

  /** The origin, then a run of random bytes-worth of characters: the table, byte by byte. */
  random(base: Base): string {
    const len = this.int(30);
    let s = base.origin + (this.chance(0.9) ? '/' : '');
    for (let i = 0; i < len; i++) {
      const r = this.rand();
      if (r < 0.8) s += String.fromCharCode(this.int(0x80));
      else if (r < 0.9) s += this.pick(['/', '/.', '/%2e', '?', '%', '/%2E', '/..']);
      else s += this.unicode();
    }
    return s;
  }

  next(base: Base): { url: string; kind: Kind } {
    const r = this.rand();
    if (r < 0.4) return { url: this.canonical(base, false), kind: 'canonical' };
    if (r < 0.5) return { url: this.canonical(base, true), kind: 'doubtful' };
    if (r < 0.85) return { url: this.nearMiss(base), kind: 'near-miss' };
    return { url: this.random(base), kind: 'random' };
  }
}

/** Whether what follows the origin has none of the characters RFC 3986 refuses (which the engine encodes). */
function strict(s: string): boolean {
  const rest = s.replace(/^[a-z]+:\/\/[^/?#]*/i, '');
  return !/[[\]|^`{}\\]|%(?![0-9A-Fa-f]{2})/.test(rest);
}

function hrefOf(s: string): string | null {
  try {
    return new URL(s).href;
  } catch {
    return null;
  }
}

async function newCore(base: Base): Promise<TestCore> {
  const core = await testCore();
  core.x.configure(0, 50000, 52428800, 0, Date.parse(NOW), 0);
  // As src/engine.ts `useBase`: origin and folder at the scratch area.
  const url = new URL(base.href);
  const folder = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
  assert.equal(url.origin, base.origin);
  const [o, f] = core.putScratch(url.origin, folder);
  core.x.setBase(o, f);
  return core;
}

for (const base of BASES) {
  test(`fast path: every loc it accepts is new URL(loc).href, byte for byte (base ${base.href}, ${URLS_PER_BASE} URLs, seed ${SEED})`, async () => {
    const core = await newCore(base);
    const gen = new Gen(mulberry32(SEED ^ (base.port ? 0x8080 : 0)));
    const stats: Record<Kind, { n: number; canon: number; accepted: number }> = {
      canonical: { n: 0, canon: 0, accepted: 0 },
      doubtful: { n: 0, canon: 0, accepted: 0 },
      'near-miss': { n: 0, canon: 0, accepted: 0 },
      random: { n: 0, canon: 0, accepted: 0 },
    };
    const wrong: string[] = [];
    const notCanonical: string[] = [];
    for (let i = 0; i < URLS_PER_BASE; i++) {
      const { url, kind } = gen.next(base);
      const [len] = core.putScratch(url);
      const accepted = core.x.fastPathAccepts(len) === 1;
      const href = hrefOf(url);
      const st = stats[kind];
      st.n++;
      if (href === url && strict(url)) st.canon++;
      if (accepted) st.accepted++;
      if (accepted && (href !== url || !strict(url)) && wrong.length < 20) {
        wrong.push(`${JSON.stringify(url)} → ${href === null ? 'new URL throws' : JSON.stringify(href)}${strict(url) ? '' : ' (not RFC 3986)'}`);
      }
      if (kind === 'canonical' && href !== url && notCanonical.length < 5) notCanonical.push(`${JSON.stringify(url)} → ${JSON.stringify(href)}`);
    }
    for (const [kind, st] of Object.entries(stats)) {
      console.log(
        `fast path, base ${base.href}, ${kind}: ${st.n} URLs, ${st.canon} with new URL(x).href === x, ${st.accepted} accepted (${((100 * st.accepted) / Math.max(1, st.canon)).toFixed(1)}% of the canonical)`,
      );
    }
    assert.deepEqual(wrong, [], `the fast path accepted URLs that new URL() serializes differently (seed ${SEED})`);
    // The canonical generator's output is mostly canonical (else the acceptance rate below means nothing).
    assert.ok(stats.canonical.canon >= stats.canonical.n * 0.7, `generated "canonical" URLs that are not: ${notCanonical.join('; ')}`);
    const rate = stats.canonical.accepted / stats.canonical.canon;
    assert.ok(rate > 0.9, `the fast path accepts only ${(rate * 100).toFixed(1)}% of the canonical URLs (seed ${SEED})`);
  });
}

/** The URL with each ASCII letter of its first `n` characters in a random case. */
function caseFlipped(url: string, n: number, rand: () => number): string {
  let head = '';
  for (const c of url.slice(0, n)) head += rand() < 0.5 ? c.toUpperCase() : c.toLowerCase();
  return head + url.slice(n);
}

for (const base of BASES) {
  test(`fast path, the site's origin in other case or with its default port: what it accepts is new URL(loc).href with the base's origin (base ${base.href}, seed ${SEED})`, async () => {
    const core = await newCore(base);
    const rand = mulberry32(SEED ^ 0xcafe);
    const gen = new Gen(rand);
    const wrong: string[] = [];
    let canonical = 0;
    let accepted = 0;
    let withPort = 0;
    for (let i = 0; i < URLS_PER_BASE; i++) {
      const { url } = gen.next(base);
      const flipped = url.startsWith(base.origin) ? caseFlipped(url, base.origin.length, rand) : caseFlipped(url, 12, rand);
      const [len] = core.putScratch(flipped);
      const given = core.x.otherOriginFastPathLength(len);
      const ok = given > 0;
      const href = hrefOf(flipped);
      if (href !== null && href === url && url.startsWith(base.origin) && strict(url)) canonical++;
      if (!ok) continue;
      accepted++;
      if (given > base.origin.length) withPort++;
      const written = base.origin + flipped.slice(given);
      if ((href !== written || !strict(written)) && wrong.length < 20) wrong.push(`${JSON.stringify(flipped)} → ${href === null ? 'new URL throws' : JSON.stringify(href)}, written ${JSON.stringify(written)}`);
    }
    console.log(`other-case origin, base ${base.href}: ${URLS_PER_BASE} URLs, ${canonical} canonical once lower-cased, ${accepted} accepted, ${withPort} of them with the default port`);
    assert.deepEqual(wrong, [], `accepted URLs that new URL() serializes otherwise (seed ${SEED})`);
    // A base with a port of its own has no default port to drop.
    assert.ok(base.port ? withPort === 0 : withPort > 0, `${withPort} accepted with the default port`);
    assert.ok(canonical > URLS_PER_BASE / 10 && accepted >= canonical * 0.9, `the branch accepts ${accepted} of ${canonical} (seed ${SEED})`);
  });
}

// ---- the whole pipeline ----

/** SPEC section 4, loc rules, for a text list of one loc per line: the expected outcome of one line. */
type Outcome = { kind: 'skip' } | { kind: 'reject'; code: string } | { kind: 'accept'; href: string; fixes: string[] };

function reference(line: string, base: URL, seen: Set<string>): Outcome {
  if (/^[ \t]*$/.test(line)) return { kind: 'skip' };
  if (line.includes('\0')) return { kind: 'reject', code: 'row-encoding' };
  // Leading/trailing C0 controls and spaces (what the URL parser strips too).
  const trimmed = line.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
  if (trimmed === '') return { kind: 'reject', code: 'loc-missing' };
  // A relative reference (which forms count is the rules' policy) resolves as `new URL(ref, base)` does.
  let url: URL;
  let given = trimmed;
  try {
    if (isRelativeReference(trimmed)) given = new URL(trimmed, base).href;
    url = new URL(given);
  } catch {
    return { kind: 'reject', code: 'loc-invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'reject', code: 'loc-scheme' };
  if (url.username !== '' || url.password !== '') return { kind: 'reject', code: 'loc-credentials' };
  // The WHATWG serialization minus the fragment, with what RFC 3986 refuses after the host encoded.
  const strict = (u: URL) => u.origin + u.href.replace(/#.*$/s, '').slice(u.origin.length).replace(/[[\]|^`{}\\]|%(?![0-9A-Fa-f]{2})/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  let href = strict(url);
  // Node 20's parser keeps a last `.` segment next to a `]` and drops it once that is encoded: the
  // written URL is what the parser makes of the encoded one.
  if (new URL(href).href !== href) href = strict(new URL(href));
  assert.equal(new URL(href).href, href, 'the written URL is a fixed point of the URL parser');
  if (url.host !== base.host) return { kind: 'reject', code: 'loc-host' };
  if (url.protocol !== base.protocol) return { kind: 'reject', code: 'loc-scheme-mismatch' };
  if (href.length >= 2048) return { kind: 'reject', code: 'loc-too-long' };
  if (seen.has(href)) return { kind: 'reject', code: 'loc-duplicate' };
  seen.add(href);
  // The fixes told, in the order the rules run: resolved, fragment cut, then anything else changed.
  const hash = given.indexOf('#');
  const fixes = [
    ...(given !== trimmed ? ['loc-relative'] : []),
    ...(hash >= 0 ? ['loc-fragment'] : []),
    ...((hash >= 0 ? given.slice(0, hash) : given) !== href ? ['loc-normalized'] : []),
  ];
  return { kind: 'accept', href, fixes };
}

function unescapeXml(s: string): string {
  return s.replace(/&(amp|apos|quot|lt|gt);/g, (_, e: string) => ({ amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' })[e]!);
}


/** Runs generate() on a text list; returns the error codes by line and the locs written, in order. */
async function runPipeline(baseUrl: string, bytes: Uint8Array) {
  const result = await generate(
    [{ name: 't.txt', chunks: async function* () { yield bytes; } }],
    // Tracking parameters kept: this is about the URL's written form (`_G%6c` names `_gl` to the rule
    // that strips them, which test/real-exports.test.ts holds to its own cases).
    { baseUrl, gzip: false, now: NOW, delimiter: 'none', keep: ['loc-tracking-param'] },
    nodePlatform,
  );
  // Errors by line (a rejected row has exactly one), and the loc's fixes.
  const errors = new Map<number, string[]>();
  const fixes = new Map<number, string[]>();
  const sessions = new Set<number>();
  for (let i = 0; i < result.findings.length; i++) {
    const f = result.findings.at(i);
    if (f.severity === 'error') errors.set(f.line, [...(errors.get(f.line) ?? []), f.code]);
    if (LOC_FIXES.has(f.code)) fixes.set(f.line, [...(fixes.get(f.line) ?? []), f.code]);
    if (f.code === 'loc-session-id') sessions.add(f.line);
  }
  const files = unzipSync(concatParts(result.zip));
  const sitemapNames = Object.keys(files)
    .filter((n) => /^sitemap-\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  const written: string[] = [];
  for (const name of sitemapNames) {
    const xml = decoder.decode(files[name]);
    for (const m of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) written.push(unescapeXml(m[1]));
  }
  return { result, errors, fixes, sessions, written };
}

const LOC_FIXES = new Set(['loc-relative', 'loc-fragment', 'loc-normalized']);

const SESSION_NAMES = ['jsessionid', 'phpsessid', 'sid', 'sessionid', 'cfid', 'cftoken'];

/** A session parameter, or a near miss, put in the path or the query in some letter case. */
function withSessionShape(url: string, gen: Gen): string {
  const name = gen.pick(['jsessionid', 'JSESSIONID', 'PhpSessId', 'sid', 'SID', 'sids', 'xsid', 'AspSessionIdQX', 'aspsession', 'cfid', 'CFTOKEN', 'sessionid']);
  const value = gen.chance(0.8) ? '=' + gen.int(99999) : '';
  const q = url.indexOf('?');
  if (gen.chance(0.5)) {
    const at = q < 0 ? url.length : q;
    return url.slice(0, at) + ';' + name + value + url.slice(at);
  }
  return url + (q < 0 ? '?' : gen.pick(['&', ';'])) + name + value;
}

/** SPEC's loc-session-id on a written URL: `;jsessionid=` in the path, or a session name in the query. */
function hasSessionId(href: string): boolean {
  const url = new URL(href);
  if (/;jsessionid=/i.test(url.pathname)) return true;
  return url.search.slice(1).split('&').some((p) => {
    const name = p.split('=')[0].toLowerCase();
    return SESSION_NAMES.includes(name) || name.startsWith('aspsessionid');
  });
}

test(`pipeline: generate() writes new URL(row).href minus the fragment for every accepted row with the fixes that tells, and rejects the rest (${PIPELINE_ROWS} rows, seed ${SEED})`, async () => {
  const base = BASES[0];
  const gen = new Gen(mulberry32(SEED ^ 0x9199));
  const lines: string[] = [];
  // A plain first line: the header check must not take it for a header.
  lines.push(`${base.origin}/first`);
  while (lines.length < PIPELINE_ROWS) {
    let { url } = gen.next(base);
    const r = gen.rand();
    // Relative forms: `/path` (resolved against the origin), `//host/path`, `path` (both invalid).
    if (r < 0.04) url = url.startsWith(base.origin) ? url.slice(base.origin.length) : url;
    else if (r < 0.05) url = url.replace(/^[a-zA-Z]+:/, '');
    else if (r < 0.055) url = url.replace(/^[a-zA-Z]+:\/+[^/]*\/?/, '');
    else if (r < 0.07 && lines.length > 1) url = lines[1 + gen.int(lines.length - 1)]; // a duplicate
    else if (r < 0.1) url = withSessionShape(url, gen);
    if (/[\r\n]/.test(url)) continue;
    // What the engine reads back: the string's UTF-8 (a lone surrogate becomes U+FFFD).
    lines.push(decoder.decode(encoder.encode(url)));
  }
  const bytes = encoder.encode(lines.join('\n') + '\n');

  const baseUrl = new URL(base.href);
  const seen = new Set<string>();
  const expected = lines.map((l) => reference(l, baseUrl, seen));
  const { result, errors, fixes, sessions, written } = await runPipeline(base.href, bytes);

  const problems: string[] = [];
  const acceptedWant: { line: number; href: string }[] = [];
  const counts = { skip: 0, reject: 0, accept: 0, session: 0, excluded: 0 };
  expected.forEach((want, i) => {
    const line = i + 1;
    counts[want.kind]++;
    const got = errors.get(line) ?? [];
    // A URL whose name says it is no page (`…/feed.rss`) is left out (row-not-page), not an error.
    if (want.kind === 'accept' && notPageByName(want.href)) {
      counts.accept--;
      counts.excluded++;
      if (got.length) problems.push(`line ${line} ${JSON.stringify(lines[i])}: errors [${got.join(', ')}], want it left out as no page`);
    } else if (want.kind === 'accept') {
      acceptedWant.push({ line, href: want.href });
      if (got.length) problems.push(`line ${line} ${JSON.stringify(lines[i])}: rejected (${got.join(', ')}), want written as ${JSON.stringify(want.href)}`);
      const told = fixes.get(line) ?? [];
      if (told.join() !== want.fixes.join()) problems.push(`line ${line} ${JSON.stringify(lines[i])}: fixes [${told.join(', ')}], want [${want.fixes.join(', ')}]`);
      if (sessions.has(line) !== hasSessionId(want.href)) problems.push(`line ${line} ${JSON.stringify(lines[i])}: loc-session-id ${sessions.has(line) ? 'told' : 'not told'} on ${JSON.stringify(want.href)}`);
      if (sessions.has(line)) counts.session++;
    } else if (want.kind === 'reject') {
      if (got.length !== 1 || got[0] !== want.code) problems.push(`line ${line} ${JSON.stringify(lines[i])}: errors [${got.join(', ')}], want [${want.code}] (new URL → ${JSON.stringify(hrefOf(lines[i]))})`);
    } else if (got.length) problems.push(`line ${line} ${JSON.stringify(lines[i])}: a blank line got errors [${got.join(', ')}]`);
  });
  // Written locs, in input order, against the accepted rows (where the two lists first part).
  const n = Math.min(written.length, acceptedWant.length);
  for (let k = 0, shown = 0; k < n && shown < 5; k++) {
    if (written[k] !== acceptedWant[k].href) {
      const line = acceptedWant[k].line;
      problems.push(`written loc #${k}: ${JSON.stringify(written[k])}, want ${JSON.stringify(acceptedWant[k].href)} from line ${line} ${JSON.stringify(lines[line - 1])}`);
      shown++;
    }
  }
  if (written.length !== acceptedWant.length) problems.push(`${written.length} locs written, want ${acceptedWant.length}`);

  console.log(`pipeline: ${lines.length} lines: ${counts.accept} accepted, ${counts.reject} rejected, ${counts.skip} blank; summary ${JSON.stringify({ rows: result.summary.rows, accepted: result.summary.accepted, rejected: result.summary.rejected, skipped: result.summary.skipped })}`);
  assert.deepEqual(problems.slice(0, 15), [], `pipeline differs from new URL() / SPEC 4 on ${problems.length} points (seed ${SEED})`);
  assert.ok(counts.session > PIPELINE_ROWS / 200, `${counts.session} rows told loc-session-id`);
  assert.equal(result.summary.accepted, counts.accept, 'summary.accepted');
  assert.equal(result.summary.rejected, counts.reject, 'summary.rejected');
  assert.equal(result.summary.excluded, counts.excluded, 'summary.excluded');
  assert.equal(result.summary.rows, counts.accept + counts.reject + counts.excluded, 'summary.rows');
});

// ---- locs the core rewrites (assembly/loc-rewrite.ts) ----

const REWRITE_ROWS = 100_000;
// Pieces of a path segment: what the parser encodes, dot segments and look-alikes, plain words, and
// now and then what the core leaves to the engine.
const SEGMENT_PIECES = [
  'page', 'a', 'Straße', ' ', ' ', '"', '<', '>', '`', '{', '}', 'é', '中', '😀', '\x7f', "'", '&', ';', '=', '%20', '%C3%A9', '%2F', '-',
];
const DOT_PIECES = ['.', '..', '%2e', '%2E', '.%2e', '%2E.', '%2e%2E', '.x', '...', '%2ex', '..a'];
const ENGINE_PIECES = ['^', '|', '[', ']', '\\', '\t', '%zz', '%', '\n'];
const QUERY_PIECES = ['q', '=', '&', ' ', "'", '"', '<', '>', 'é', '?', '/', '%41', '.', '..', ';', '+', ':'];
const QUERY_ENGINE_PIECES = ['`', '{', '}', '^', '|', '[', ']', '\\', '%g', '\t'];

// First segments of a path-relative reference, and near misses: a host, a file that is no page, a
// scheme-like word, bytes outside `[\w~.-]`.
const RELATIVE_STARTS = [
  'a/', 'blog/', './', '../', '../../', '.../', 'x~y_z-/', 'v1.2/', 'page.html', 'Index.PHP5', 'a.b.aspx', 'doc.PDF', 'p.shtml',
  'a.txt', '.html', 'page.html/', 'www.example.com/', 'example.co/', 'a.b/', 'ex-1.c0m/', 'foo:bar/', 'a/b:c/', 'a%20b/', 'é/', 'mailto:x',
];

function rewriteShape(gen: Gen, base: Base): string {
  const r = gen.rand();
  const relative = r >= 0.55 && r < 0.75 && gen.chance(0.6);
  const origin = r < 0.55 || relative ? (relative ? '' : base.origin) : r < 0.75 ? '' : caseFlipped(base.origin, base.origin.length, gen.rand) + (gen.chance(0.3) && !base.port ? (base.scheme === 'https' ? ':443' : ':80') : '');
  let path = '';
  const segments = 1 + gen.int(5);
  for (let i = 0; i < segments; i++) {
    let seg = '';
    if (gen.chance(0.25)) seg = gen.pick(DOT_PIECES);
    else for (let k = gen.int(4); k >= 0; k--) seg += gen.chance(0.03) ? gen.pick(ENGINE_PIECES) : gen.pick(SEGMENT_PIECES);
    path += '/' + seg;
  }
  if (gen.chance(0.2)) path += '/';
  // A path relative to the base's folder: a first segment, then the rest of the path or nothing.
  if (relative) {
    const start = gen.pick(RELATIVE_STARTS);
    path = start.endsWith('/') ? start + path.slice(1) : start;
  }
  let query = '';
  if (gen.chance(0.35)) {
    query = '?';
    for (let k = gen.int(6); k >= 0; k--) query += gen.chance(0.03) ? gen.pick(QUERY_ENGINE_PIECES) : gen.pick(QUERY_PIECES);
  }
  return origin + path + query;
}

const FIX_CODES: [number, string][] = [[1, 'loc-relative'], [4, 'loc-normalized']];

// A base in a folder: path-relative locs resolve against it, and `..` climbs out of it.
const REWRITE_BASES: Base[] = [...BASES, { ...BASES[0], href: 'https://www.example.com/shop/.well-known/list.html?page=2' }];

for (const base of REWRITE_BASES) {
  test(`rewriting fast path: every loc it writes is new URL()'s href with the fixes the engine tells, on paths with spaces, quotes, non-ASCII and dot segments (base ${base.href}, ${REWRITE_ROWS} locs, seed ${SEED})`, async () => {
    const core = await newCore(base);
    const gen = new Gen(mulberry32(SEED ^ 0x5e9 ^ (base.port ? 0x8080 : 0)));
    const baseUrl = new URL(base.href);
    const wrong: string[] = [];
    let taken = 0;
    let plain = 0;
    let plainTaken = 0;
    let relativeTaken = 0;
    for (let i = 0; i < REWRITE_ROWS; i++) {
      // Trimmed, as the core has it by then.
      const loc = rewriteShape(gen, base).replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
      const [len] = core.putScratch(loc);
      const fix = core.x.rewriteLoc(len);
      // Shapes with none of the engine's bytes: the core should take them all.
      // A path-relative loc that the rules do not read as one, or with a space or non-ASCII byte (the
      // rules' `\s` knows more spaces than ASCII's), is the engine's too.
      const pathRelative = !/^(https?:|\/)/i.test(loc);
      const forEngine =
        /[\^|[\]\\\t\n]|%(?![0-9A-Fa-f]{2})|\?.*[`{}]/.test(loc) || (pathRelative && (/[^\x21-\x7e]/.test(loc) || !isRelativeReference(loc)));
      if (!forEngine) plain++;
      if (fix < 0) continue;
      taken++;
      if (!forEngine) plainTaken++;
      if (pathRelative) relativeTaken++;
      const got = core.text(core.x.rewrittenPtr(), core.x.rewrittenLen());
      const want = reference(loc, baseUrl, new Set());
      const fixes = FIX_CODES.filter(([bit]) => fix & bit).map(([, code]) => code);
      if (want.kind !== 'accept' || want.href !== got || want.fixes.join() !== fixes.join()) {
        if (wrong.length < 15) wrong.push(`${JSON.stringify(loc)} → ${JSON.stringify(got)} [${fixes.join(', ')}], want ${JSON.stringify(want)}`);
      }
    }
    console.log(`rewriting fast path, base ${base.href}: ${REWRITE_ROWS} locs, ${taken} written by the core (${relativeTaken} path-relative); ${plainTaken} of the ${plain} with none of the engine's bytes`);
    assert.deepEqual(wrong, [], `the core wrote locs as new URL() does not (seed ${SEED})`);
    assert.ok(plain > REWRITE_ROWS / 2 && plainTaken >= plain * 0.9, `the core wrote ${plainTaken} of ${plain} locs with none of the engine's bytes (seed ${SEED})`);
    assert.ok(relativeTaken > REWRITE_ROWS / 50, `the core wrote ${relativeTaken} path-relative locs (seed ${SEED})`);
  });
}

// U+FEFF is not a C0 control or space: the URL parser does not strip it, and fails on a URL that
// starts with it (new URL('\ufeffhttps://www.example.com/b') throws), so SPEC 4 says loc-invalid.
test('pipeline: a loc that starts with U+FEFF (after trimming) is loc-invalid, as new URL() fails on it', async () => {
  const lines = ['https://www.example.com/a', '\ufeffhttps://www.example.com/b', ' \ufeff/c', '\t\ufeffhttps://www.example.com/d'];
  for (const l of lines.slice(1)) assert.equal(hrefOf(l), null, `new URL(${JSON.stringify(l)}) throws`);
  const { errors, written } = await runPipeline('https://www.example.com/', encoder.encode(lines.join('\n') + '\n'));
  assert.deepEqual(
    { line2: errors.get(2), line3: errors.get(3), line4: errors.get(4), written },
    { line2: ['loc-invalid'], line3: ['loc-invalid'], line4: ['loc-invalid'], written: ['https://www.example.com/a'] },
    'a leading U+FEFF reaches the URL parser (the slow loc is decoded with ignoreBOM)',
  );
});

test('pipeline: a last `.` segment beside a `]` is written as the parser reads the encoded URL (seed 814162750)', async () => {
  const { written } = await runPipeline('https://www.example.com/', encoder.encode('loc\nhttps://www.example.com//.]h/.\t\n'));
  assert.deepEqual(written, ['https://www.example.com//.%5Dh/']);
  assert.equal(new URL(written[0]).href, written[0]);
});

// ---- the any-host fast path (images, alternates) ----

test(`any-host fast path: every URL it accepts is new URL(x).href, on many host forms (seed ${SEED})`, async () => {
  const core = await newCore(BASES[0]);
  const rand = mulberry32(SEED ^ 0x1a2b);
  const gen = new Gen(rand);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const schemes = ['https', 'http', 'HTTPS', 'Http', 'ftp', 'https:', 'http:/'];
  const hosts = [
    'cdn.example.net', 'img.example.co.uk', 'localhost', 'a-b.example', 'IMG.Example.com', '127.0.0.1', '0x7f.1', '1.2.3',
    '[::1]', '[2001:db8::1]', 'xn--bcher-kva.example', 'a.xn--p1ai', 'a..b', 'example.com.', '.example.com', 'ex_ample.com',
    'bücher.example', '1example.com', 'example.123', 'example.0x1f', 'example.09', 'e', 'x.y.z.w', 'user@host.example',
    'host.example%2e', 'ho%41st.example', '',
  ];
  const ports = ['', '', '', ':80', ':443', ':8080', ':0', ':65535', ':65536', ':08', ':', ':1a'];
  const wrong: string[] = [];
  let accepted = 0;
  let canonical = 0;
  let plainCanonical = 0;
  let plainAccepted = 0;
  const missed: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    const tail = gen.next(BASES[0]).url.replace(/^[a-z]+:\/\/[^/]*/i, '');
    const url = `${pick(schemes)}://${pick(hosts)}${pick(ports)}${tail.startsWith('/') || rand() < 0.2 ? tail : '/' + tail}`;
    const [len] = core.putScratch(url);
    const ok = core.x.anyHostFastPathAccepts(len) === 1;
    const href = hrefOf(url);
    if (href === url) canonical++;
    if (ok) accepted++;
    if (ok && (href !== url || !strict(url)) && wrong.length < 20) wrong.push(`${JSON.stringify(url)} → ${href === null ? 'new URL throws' : JSON.stringify(href)}`);
    // Plain domains the fast path is meant for: lower-case labels, the last one starting with a letter.
    if (href === url && strict(url) && /^https?:\/\/([a-z0-9-]+\.)*[a-z][a-z0-9-]*(:[1-9]\d*)?\//.test(url) && !url.includes('xn--')) {
      plainCanonical++;
      if (ok) plainAccepted++;
      else if (missed.length < 5) missed.push(url);
    }
  }
  console.log(`any-host fast path: 100000 URLs, ${canonical} canonical, ${accepted} accepted; plain domains: ${plainAccepted} of ${plainCanonical}`);
  assert.deepEqual(wrong, []);
  assert.ok(plainAccepted > plainCanonical * 0.9, `only ${plainAccepted} of ${plainCanonical} plain-domain canonical URLs accepted: ${missed.join(' ')}`);
});
