// The library, imported by the package's own name: it writes the zip the CLI writes; its inputs are
// explicit forms read the same way whatever carries them; its errors are classes with codes; options
// and hooks are checked by name and type; findings iterate; and an abort settles a call whose input
// stalls (a pipe, a network body, a caller's stream).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { AbortError, check, CODE_INFO, generate, InputError, inspect, OptionError, SitemillError } from 'sitemill';
import { cli, concatParts, readZip, tempDir, tempFile, NOW, BASE } from './helpers.ts';

const LIST = 'url,lastmod,title\nhttps://www.example.com/,2025-01-01,Home\n/about,2025/02/03,About\nftp://x/,,Bad\n';
const bytes = (text: string) => new TextEncoder().encode(text);
const SITEMAP = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://www.example.com/a</loc></url>\n<url><lastmod>2025-01-01</lastmod></url>\n</urlset>\n';

/** What a call rejected with, or why it did not: settled within `ms`, or not at all. */
async function failure(call: Promise<unknown>, ms = 5000): Promise<Error & { code?: string; path?: string; option?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms)));
  try {
    await Promise.race([call, late]);
  } catch (e) {
    if ((e as Error).message.startsWith('did not settle')) throw e;
    return e as Error;
  } finally {
    clearTimeout(timer);
  }
  throw new Error('the call succeeded');
}

test('generate({ path }) gives the zip the CLI gives, byte for byte', async () => {
  const path = tempFile('list.csv', LIST);
  const out = join(tempDir(), 'cli.zip');
  const c = cli(['generate', path, '--base-url', BASE, '--now', NOW, '-o', out, '--quiet']);
  assert.equal(c.status, 0, c.stderr);
  const progress: number[] = [];
  const r = await generate({ path }, { baseUrl: BASE, now: NOW }, { onProgress: (p) => progress.push(p.rows) });
  assert.deepEqual(concatParts(r.zip), new Uint8Array(readFileSync(out)));
  assert.equal(r.summary.accepted, 2);
  assert.equal(progress.at(-1), 3);
  assert.equal(r.findings.at(0).code, 'column-ignored');
  assert.ok(CODE_INFO['loc-scheme']);
});

test('every input form gives the same run, under the name it is given', async () => {
  const path = tempFile('list.csv', LIST);
  const forms: [string, () => unknown][] = [
    ['path', () => ({ path, name: 'crawl.csv' })],
    ['file: URL', () => ({ path: pathToFileURL(path), name: 'crawl.csv' })],
    ['text', () => ({ text: LIST, name: 'crawl.csv' })],
    ['bytes', () => ({ bytes: bytes(LIST), name: 'crawl.csv' })],
    ['ArrayBuffer bytes', () => ({ bytes: bytes(LIST).buffer, name: 'crawl.csv' })],
    ['File', () => new File([LIST], 'crawl.csv')],
    ['Blob with a name', () => ({ blob: new Blob([LIST]), name: 'crawl.csv' })],
    ['web ReadableStream', () => ({ stream: new Blob([LIST]).stream(), name: 'crawl.csv' })],
    ['Node Readable', () => ({ stream: Readable.from([Buffer.from(LIST.slice(0, 20)), Buffer.from(LIST.slice(20))]), name: 'crawl.csv' })],
    ['async generator', () => ({ stream: (async function* () { yield bytes(LIST); })(), name: 'crawl.csv' })],
    ['chunks()', () => ({ name: 'crawl.csv', async *chunks() { yield bytes(LIST); } })],
  ];
  const runs: Record<string, unknown> = {};
  for (const [form, input] of forms) {
    // Two inputs, so each finding names its input.
    const r = await generate([input() as never, { text: 'https://www.example.com/more\n', name: 'more.txt' }], { baseUrl: BASE, now: NOW });
    const manifest = JSON.parse(readZip(concatParts(r.zip))['manifest.json']);
    runs[form] = { summary: r.summary.accepted, inputs: manifest.inputs.map((i: { name: string }) => i.name), findings: [...r.findings].map((f) => `${f.input}:${f.line} ${f.code}`) };
  }
  const want = { summary: 3, inputs: ['crawl.csv', 'more.txt'], findings: (runs.path as { findings: string[] }).findings };
  assert.ok(want.findings.includes('crawl.csv:4 loc-scheme'), JSON.stringify(runs.path));
  for (const [form] of forms) assert.deepEqual(runs[form], want, form);
  // Unnamed, each form has its default name.
  const unnamed = async (input: unknown) => JSON.parse(readZip(concatParts((await generate([input as never, { text: 'https://www.example.com/b\n' }], { baseUrl: BASE, now: NOW })).zip))['manifest.json']).inputs[0].name;
  assert.equal(await unnamed({ path }), 'list.csv');
  assert.equal(await unnamed({ text: LIST }), 'input.txt');
  assert.equal(await unnamed(bytes(LIST)), 'input');
  assert.equal(await unnamed(new File([LIST], 'export.csv')), 'export.csv');
});

test('a bare string is refused in generate, check and inspect, naming { path } and { text }', async () => {
  for (const call of [() => generate('https://www.example.com/' as never), () => check('sitemap.xml' as never), () => inspect('list.csv' as never)]) {
    const e = await failure(call());
    assert.ok(e instanceof InputError && e instanceof SitemillError, String(e));
    assert.equal(e.code, 'input-type');
    assert.match(e.message, /\{ path: .* \{ text: … \}/);
  }
  const forms = [42, null, {}, { path: 'a', text: 'b' }, { text: 42 }, { bytes: 'abc' }, { stream: 'abc' }, { chunks: () => [] }];
  for (const input of forms) assert.equal((await failure(generate(input as never, { baseUrl: BASE }))).code, 'input-type', JSON.stringify(input));
  assert.equal((await failure(generate([], { baseUrl: BASE }))).code, 'input-none');
});

test('a missing file is an InputError with its path, and a folder or a stream that fails is unreadable', async () => {
  const dir = tempDir();
  const missing = join(dir, 'nope.csv');
  for (const call of [() => generate({ path: missing }), () => check({ path: missing }), () => inspect({ path: missing })]) {
    const e = await failure(call());
    assert.ok(e instanceof InputError, String(e));
    assert.deepEqual([e.code, e.path, e.message], ['input-not-found', missing, `no file at ${missing}`]);
  }
  const url = await failure(generate({ path: 'https://www.example.com/list.csv' }));
  assert.equal(url.code, 'input-not-found');
  assert.match(url.message, /pass the list itself as \{ text \}/);
  const folder = await failure(generate({ path: dir }));
  assert.deepEqual([folder.code, folder.message], ['input-unreadable', `${dir} is a folder, not a file`]);
  const broken = () => {
    let n = 0;
    return new Readable({ read() { if (n++ === 0) this.push(bytes('loc\nhttps://www.example.com/a\n')); else this.destroy(new Error('disk on fire')); } });
  };
  const webBroken = () => new ReadableStream({ pull: (c) => c.error(new Error('disk on fire')) });
  for (const stream of [broken, webBroken]) {
    const e = await failure(generate({ stream: stream(), name: 'broken.csv' }, { baseUrl: BASE }));
    assert.ok(e instanceof InputError, String(e));
    assert.deepEqual([e.code, e.message, (e.cause as Error).message], ['input-unreadable', 'cannot read broken.csv: disk on fire', 'disk on fire']);
  }
});

test('input that is no list is an InputError of code input-invalid', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const e = await failure(generate({ bytes: png, name: 'logo.png' }, { baseUrl: BASE }));
  assert.ok(e instanceof InputError);
  assert.deepEqual([e.code, e.message], ['input-invalid', 'logo.png is a PNG image, not a CSV, TSV or text list of URLs']);
});

test('an unknown option or hook is refused with the nearest known name', async () => {
  const list = { text: LIST };
  const cases: [() => Promise<unknown>, string, string][] = [
    [() => generate(list, { baseURL: BASE } as never), 'baseURL', 'unknown generate() option "baseURL": did you mean baseUrl?'],
    [() => generate(list, { maxUrl: 10 } as never), 'maxUrl', 'unknown generate() option "maxUrl": did you mean maxUrls?'],
    [() => generate(list, { outDIR: 'out' } as never), 'outDIR', 'unknown generate() option "outDIR": did you mean outDir?'],
    [() => generate(list, { signal: AbortSignal.timeout(1000) } as never), 'signal', 'signal is not a generate() option: it goes in the hooks (the third argument)'],
    [() => generate(list, {}, { onprogress: () => {} } as never), 'onprogress', 'unknown generate() hook "onprogress": did you mean onProgress?'],
    [() => generate(list, {}, { baseUrl: BASE } as never), 'baseUrl', 'baseUrl is not a generate() hook: it goes in the options (the second argument)'],
    [() => check(list, { baseURL: BASE } as never), 'baseURL', 'unknown check() option "baseURL": did you mean baseUrl?'],
    [() => inspect(list, { delimeter: ';' } as never), 'delimeter', 'unknown inspect() option "delimeter": did you mean delimiter?'],
    [() => generate(list, { colour: 'red' } as never), 'colour', /^unknown generate\(\) option "colour" \(known: baseUrl, maxUrls, .*outDir\)$/ as never],
  ];
  for (const [call, option, message] of cases) {
    const e = await failure(call());
    assert.ok(e instanceof OptionError && e instanceof SitemillError, String(e));
    assert.equal(e.code, 'option-unknown');
    assert.equal(e.option, option);
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
  }
});

test('an option or hook of the wrong type is refused with the type it takes', async () => {
  const list = { text: LIST };
  const cases: [() => Promise<unknown>, string][] = [
    [() => generate(list, { prefix: 42 } as never), 'generate() option prefix must be a string, not the number 42'],
    [() => generate(list, { keep: 'row-status' } as never), "generate() option keep must be an array of rule codes, such as ['row-status'], not the string \"row-status\""],
    [() => generate(list, { maxUrls: '100' } as never), 'generate() option maxUrls must be a whole number, not the string "100"'],
    [() => generate(list, { gzip: 'no' } as never), 'generate() option gzip must be true or false, not the string "no"'],
    [() => generate(list, { format: 'html' } as never), 'generate() option format must be "xml" or "txt", not the string "html"'],
    [() => generate(list, { outDir: 42 } as never), 'generate() option outDir must be a string, not the number 42'],
    [() => generate(list, {}, { signal: 'nope' } as never), 'generate() hook signal must be an AbortSignal (from an AbortController, or AbortSignal.timeout()), not the string "nope"'],
    [() => generate(list, {}, { onProgress: true } as never), 'generate() hook onProgress must be a function, not the boolean true'],
    [() => check(list, { signal: {} } as never), 'check() option signal must be an AbortSignal (from an AbortController, or AbortSignal.timeout()), not an object'],
    [() => inspect(list, { roles: 'loc' } as never), 'inspect() option roles must be an array of roles (strings), not the string "loc"'],
    [() => generate(list, 'fast' as never), 'the generate() options must be an object, not the string "fast"'],
  ];
  for (const [call, message] of cases) {
    const e = await failure(call());
    assert.ok(e instanceof OptionError, String(e));
    assert.deepEqual([e.code, e.message], ['option-type', message]);
  }
  // A value of the right type but out of range is option-value, as before.
  const range = await failure(generate(list, { maxUrls: 0 }));
  assert.deepEqual([range.code, (range as OptionError).option], ['option-value', 'maxUrls']);
});

test('an aborted signal cancels with an AbortError of code aborted', async () => {
  const controller = new AbortController();
  controller.abort();
  const calls = [
    () => generate(bytes(LIST), { baseUrl: BASE }, { signal: controller.signal }),
    () => check(bytes(SITEMAP), { signal: controller.signal }),
    () => inspect(bytes(LIST), {}, { signal: controller.signal }),
  ];
  for (const call of calls) {
    const e = await failure(call());
    assert.ok(e instanceof AbortError && e instanceof SitemillError, String(e));
    assert.deepEqual([e.name, e.code], ['AbortError', 'aborted']);
  }
  const timeout = AbortSignal.timeout(1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const timedOut = await failure(generate(bytes(LIST), { baseUrl: BASE }, { signal: timeout }));
  assert.equal(timedOut.code, 'aborted');
  assert.equal((timedOut.cause as Error).name, 'TimeoutError');
});

/** A stream that gives the first rows of a list, then nothing, ever. */
function stalling(): { web: () => ReadableStream<Uint8Array>; node: () => Readable; generator: () => AsyncGenerator<Uint8Array> } {
  const head = bytes('loc\nhttps://www.example.com/a\n');
  return {
    web: () => new ReadableStream({ start: (c) => c.enqueue(head) }),
    node: () => {
      let given = false;
      return new Readable({
        read() {
          if (!given) this.push(head);
          given = true;
        },
      });
    },
    generator: async function* () {
      yield head;
      await new Promise(() => {});
    },
  };
}

test('an abort settles generate, check and inspect while their input stream stalls', async () => {
  const streams = stalling();
  for (const [form, stream] of Object.entries(streams)) {
    for (const run of ['generate', 'check', 'inspect'] as const) {
      const controller = new AbortController();
      const input = { stream: stream(), name: 'stalled.csv' };
      const { signal } = controller;
      const call = run === 'generate' ? generate(input, { baseUrl: BASE }, { signal }) : run === 'check' ? check(input, { signal }) : inspect(input, {}, { signal });
      setTimeout(() => controller.abort(), 100);
      const e = await failure(call, 3000);
      assert.deepEqual([e.name, e.code], ['AbortError', 'aborted'], `${run}, ${form}: ${e.message}`);
    }
  }
});

test('an abort settles a run reading a pipe, and a network body, that stall', async () => {
  const fifo = join(tempDir(), 'list.pipe');
  execFileSync('mkfifo', [fifo]);
  // Held open for writing (and reading, so the open does not wait), the pipe gives one line and then nothing.
  const writer = openSync(fifo, 'r+');
  writeSync(writer, 'loc\nhttps://www.example.com/a\n');
  try {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const e = await failure(generate({ path: fifo }, { baseUrl: BASE }, { signal: controller.signal }), 3000);
    assert.deepEqual([e.name, e.code], ['AbortError', 'aborted'], e.message);
  } finally {
    closeSync(writer);
  }
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.write('loc\nhttps://www.example.com/a\n'); // and never ends
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const body = (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/list.csv`)).body!;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const e = await failure(generate({ stream: body, name: 'list.csv' }, { baseUrl: BASE }, { signal: controller.signal }), 3000);
    assert.deepEqual([e.name, e.code], ['AbortError', 'aborted'], e.message);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('findings iterate in order, each made as it is reached', async () => {
  const rows = Array.from({ length: 5000 }, (_, i) => `/p/${i}#top`).join('\n');
  const r = await generate({ text: `loc\n${rows}\n` }, { baseUrl: BASE, now: NOW });
  const byIndex = Array.from({ length: r.findings.length }, (_, i) => r.findings.at(i));
  assert.ok(byIndex.length >= 10000, `${byIndex.length} findings`);
  assert.deepEqual([...r.findings], byIndex);
  let n = 0;
  for (const f of r.findings) assert.deepEqual(f, byIndex[n++]);
  assert.equal(n, byIndex.length);
  // Lazily: taking the first finding reads one record, not all of them.
  const store = r.findings;
  let made = 0;
  const at = store.at.bind(store);
  Object.defineProperty(store, 'at', { value: (i: number) => (made++, at(i)) });
  const it = store[Symbol.iterator]();
  assert.deepEqual(it.next().value, byIndex[0]);
  assert.equal(made, 1);
});

test('inspect shows the delimiter, header, first rows and roles', async () => {
  const i = await inspect(bytes(LIST));
  assert.equal(i.delimiter, ',');
  assert.deepEqual(i.header, ['url', 'lastmod', 'title']);
  assert.deepEqual(i.roles, ['loc', 'lastmod', 'ignore']);
  assert.equal(i.rows.length, 3);
});

test('check() audits sitemaps by the package name, in any input form', async () => {
  const path = tempFile('sitemap.xml', SITEMAP);
  for (const input of [bytes(SITEMAP), { path }, { text: SITEMAP, name: 'sitemap.xml' }, { stream: new Blob([SITEMAP]).stream(), name: 'sitemap.xml' }]) {
    const r = await check(input);
    assert.equal(r.files[0].kind, 'urlset');
    assert.equal(r.codes['xml-schema'], 1);
    assert.deepEqual(r.findings.map((f) => [f.line, f.code]), [[4, 'xml-schema']]);
  }
});
