// The audit on sitemaps sites really publish (../shared/corpus/real-sitemaps, read in place), against
// libxml2's xmllint with the protocol's official schemas. Per file, the audit's verdict (an error or
// not) is xmllint's, but where the only schema faults are elements out of order: search engines read
// those, so the audit warns (xml-order) and xmllint refuses. That a file's only faults are of order is
// not taken from the audit: the file's children are put in the schemas' order here and xmllint must
// then accept it. Where the schema cannot see a fault (URLs on localhost, say) the audit may say more,
// by the codes below only. Then the sets, checked as each site publishes them, for the rules that
// span files. The per-file table is printed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { checkFiles, type CheckResult } from '../src/check/index.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { ROOT } from './helpers/cli.ts';
import { REFERENCE } from './helpers/reference.ts';
import { source, tempFile } from './helpers.ts';

const CORPUS = resolve(ROOT, '../shared/corpus/real-sitemaps');
const NOW = '2026-12-01T00:00:00Z';

/** Errors no schema can see, which the audit may add to a file xmllint accepts. */
const BEYOND_SCHEMA = new Set(['loc-local-host', 'loc-host', 'loc-scheme-mismatch', 'loc-too-long', 'loc-invalid', 'loc-scheme', 'file-too-many-urls', 'file-too-large']);

interface Row {
  file: string;
  repo: string;
  path: string;
}

function sources(): Row[] {
  const [, ...lines] = readFileSync(join(CORPUS, 'SOURCES.tsv'), 'utf8').trim().split('\n');
  return lines.map((l) => {
    const [file, repo, path] = l.split('\t');
    return { file, repo, path };
  });
}

function missing(what: string): string | undefined {
  if (process.env.CI) throw new Error(`${what} is missing: the real sitemaps must be checked in CI`);
  return `${what} is missing`;
}

const skip = !existsSync(join(CORPUS, 'SOURCES.tsv'))
  ? missing(`${CORPUS}/SOURCES.tsv`)
  : spawnSync('xmllint', ['--version']).error
    ? missing('xmllint (apt-get install libxml2-utils)')
    : !existsSync(join(REFERENCE, 'all.xsd'))
      ? missing(`${REFERENCE}/all.xsd`)
      : undefined;

function lint(schema: string, file: string): { status: number; output: string } {
  const r = spawnSync('xmllint', ['--noout', '--schema', join(REFERENCE, schema), file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: r.status ?? -1, output: r.stderr };
}

async function audit(files: { name: string; data: Uint8Array }[]): Promise<CheckResult> {
  return checkFiles(files.map((f) => source(f.name, f.data)), { now: NOW }, nodePlatform);
}

// --- The schemas' order, applied to a file (the oracle for "only the order is wrong") ---

const SM = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
const VIDEO = 'http://www.google.com/schemas/sitemap-video/1.1';

/** The xs:sequence of each element with one, as in reference/*.xsd; other children keep their order after these. */
const SEQUENCES = new Map<string, string[]>([
  [`${SM} url`, ['loc', 'lastmod', 'changefreq', 'priority']],
  [`${SM} sitemap`, ['loc', 'lastmod']],
  [`${IMAGE} image`, ['loc', 'caption', 'geo_location', 'title', 'license']],
  [`${NEWS} news`, ['publication', 'access', 'genres', 'publication_date', 'title', 'keywords', 'stock_tickers']],
  [`${NEWS} publication`, ['name', 'language']],
  [`${VIDEO} video`, ['thumbnail_loc', 'title', 'description']],
]);

interface Node {
  raw: string;
  /** For an element: namespace and local name, its children, its end tag. */
  key?: string;
  children?: Node[];
  end?: string;
}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/[^>]*>|<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+/g;
const ATTR = /([^\s=/]+)\s*=\s*("[^"]*"|'[^']*')/g;

/** A well-formed file as a tree, each element's children in the order its schema gives. */
function inSchemaOrder(xml: string): string {
  const top: Node = { raw: '', children: [] };
  const stack: { node: Node; scope: Map<string, string> }[] = [{ node: top, scope: new Map() }];
  for (const [t] of xml.matchAll(TOKEN)) {
    const parent = stack[stack.length - 1];
    if (t.startsWith('</')) {
      parent.node.end = t;
      stack.pop();
    } else if (t.startsWith('<') && !/^<[!?]/.test(t)) {
      const scope = new Map(parent.scope);
      for (const [, name, value] of t.matchAll(ATTR)) {
        if (name === 'xmlns') scope.set('', value.slice(1, -1));
        else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value.slice(1, -1));
      }
      const qname = /^<([^\s/>]+)/.exec(t)![1];
      const colon = qname.indexOf(':');
      const node: Node = { raw: t, key: `${scope.get(colon < 0 ? '' : qname.slice(0, colon)) ?? ''} ${qname.slice(colon + 1)}`, children: [] };
      parent.node.children!.push(node);
      if (!t.endsWith('/>')) stack.push({ node, scope });
    } else parent.node.children!.push({ raw: t });
  }
  return serialize(top);
}

function serialize(node: Node): string {
  let children = node.children ?? [];
  const order = node.key === undefined ? undefined : SEQUENCES.get(node.key);
  if (order) {
    const rank = (c: Node) => {
      const local = c.key?.slice(c.key.indexOf(' ') + 1);
      const i = c.key?.startsWith(`${node.key!.slice(0, node.key!.indexOf(' '))} `) ? order.indexOf(local!) : -1;
      return i < 0 ? order.length : i;
    };
    // White space and comments between the children mean nothing to the schema; other text stays first.
    const text = children.filter((c) => c.key === undefined && c.raw.trim() !== '' && !c.raw.startsWith('<!--'));
    const elements = children.filter((c) => c.key !== undefined);
    children = [...text, ...elements.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map((x) => x.c)];
  }
  return node.raw + children.map(serialize).join('') + (node.end ?? '');
}

// --- The test ---

interface Verdict {
  file: string;
  kind: string;
  urls: number;
  audit: string;
  xmllint: string;
  agreement: string;
}

test('the audit agrees with xmllint on real sitemaps, but for elements out of order, which it tells as such', { skip }, async () => {
  const rows: Verdict[] = [];
  const wrong: string[] = [];
  let orderOnly = 0;
  for (const { file } of sources()) {
    const bytes = new Uint8Array(readFileSync(join(CORPUS, file)));
    const r = await audit([{ name: file, data: bytes }]);
    const f = r.files[0];
    const errors = r.findings.filter((x) => x.severity === 'error');
    const errorCodes = [...new Set(errors.map((x) => x.code))];
    const order = r.findings.find((x) => x.code === 'xml-order');
    const schema = f.kind === 'sitemapindex' ? 'siteindex.xsd' : 'all.xsd';
    const theirs = lint(schema, join(CORPUS, file));
    const ours = errors.length ? 'FAIL' : 'pass';
    const said = `${ours} ${Object.entries(r.codes).filter(([c]) => !['news-stale', 'loc-normalized'].includes(c)).map(([c, n]) => `${c}×${n}`).join(' ')}`;
    let agreement: string;
    if ((theirs.status === 0) === (ours === 'pass')) agreement = order && theirs.status === 0 ? 'WRONG: order told where xmllint takes the file' : 'agree';
    else if (theirs.status === 0) {
      const beyond = errorCodes.every((c) => BEYOND_SCHEMA.has(c));
      agreement = beyond ? `beyond the schema: ${errorCodes.join(', ')}` : 'WRONG: errors xmllint does not see';
    } else if (theirs.status !== 3) agreement = 'WRONG: xmllint cannot read it, the audit can';
    else {
      const text = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : Buffer.from(bytes).toString('utf8');
      const sorted = lint(schema, tempFile(`ordered-${file.replace(/\.gz$/, '')}`, inSchemaOrder(text)));
      if (sorted.status !== 0) agreement = `WRONG: passed, yet not only order: ${sorted.output.split('\n')[0]}`;
      else if (!order) agreement = 'WRONG: only the order is wrong, and no xml-order finding';
      else {
        agreement = 'order only: xml-order';
        orderOnly++;
      }
    }
    if (agreement.startsWith('WRONG')) wrong.push(`${file}: ${agreement} (audit ${said}; xmllint ${theirs.output.split('\n').slice(0, 3).join(' | ')})`);
    rows.push({ file, kind: f.kind, urls: f.urls, audit: said, xmllint: theirs.status === 0 ? `pass (${schema})` : `FAIL (${schema}, exit ${theirs.status})`, agreement });
  }
  console.log(['| file | kind | urls | audit | xmllint | agreement |', '|---|---|---|---|---|---|', ...rows.map((v) => `| ${v.file} | ${v.kind} | ${v.urls} | ${v.audit} | ${v.xmllint} | ${v.agreement} |`)].join('\n'));
  assert.deepEqual(wrong, []);
  // Not a vacuous agreement: both verdicts occur, and files whose only faults are of order.
  assert.ok(rows.some((v) => v.xmllint.startsWith('FAIL') && v.audit.startsWith('FAIL')) && rows.some((v) => v.xmllint.startsWith('pass')));
  assert.ok(orderOnly >= 3, `${orderOnly} files whose only schema faults are of order`);
});

/** A site's files as it publishes them: named by their path in its repository. */
function site(repo: string): { name: string; data: Uint8Array }[] {
  return sources()
    .filter((s) => s.repo === repo)
    .map((s) => ({ name: s.path, data: new Uint8Array(readFileSync(join(CORPUS, s.file))) }));
}

function told(r: CheckResult, code: string): string[] {
  return r.findings.filter((f) => f.code === code).map((f) => `${f.file}:${f.line}`);
}

test('the rules across files, on sets as sites publish them', { skip }, async () => {
  // refine.bio's index lists sitemap-1.xml; sitemap-2.xml, with 12,641 URLs, is in no index.
  const refine = await audit(site('AlexsLemonade/refinebio-web'));
  assert.deepEqual(told(refine, 'index-orphan'), ['public/sitemap-2.xml:0']);
  assert.match(refine.findings.find((f) => f.code === 'index-orphan')!.message, /12,641 entries$/);
  assert.deepEqual(told(refine, 'index-missing-file'), [], 'sitemap-1.xml is published gzipped');
  // farrayscenter.com lists its news in the pages sitemap too, as Google documents it.
  const farrays = await audit(site('Farrays/culo'));
  assert.deepEqual(told(farrays, 'loc-duplicate'), []);
  assert.equal(told(farrays, 'news-stale').length, 48, 'each news entry is judged still');
  // moneyadviceservice's index at /sitemap.xml lists /blog/sitemap.xml: a sitemap not given, no nested index.
  const money = await audit(site('moneyadviceservice/frontend'));
  assert.deepEqual(told(money, 'index-nested'), []);
  assert.ok(money.findings.some((f) => f.code === 'index-missing-file' && f.message.startsWith('blog/sitemap.xml is listed')));
  assert.deepEqual(told(money, 'index-orphan'), ['public/news-sitemap.xml:0']);
  // gauravkumawat.online's index at /sitemap.xml lists /sitemap.xml: itself.
  const gaurav = await audit(site('Gaurav786kumawat/portfolio'));
  assert.deepEqual(told(gaurav, 'index-nested'), ['public/sitemap.xml:16']);
  for (const [name, r] of Object.entries({ refine, farrays, money, gaurav })) {
    const set = ['index-nested', 'index-missing-file', 'index-orphan', 'loc-duplicate'].map((c) => `${c}×${r.codes[c] ?? 0}`).join(' ');
    console.log(`${name}: ${r.files.map((f) => f.name).join(', ')}: ${set}`);
  }
});
