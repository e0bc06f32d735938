// UTF-16 input: decoded to UTF-8 exactly, in chunks cut anywhere; a lone surrogate refuses its row.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf16ToUtf8 } from '../src/input/byte-streams.ts';
import { mulberry32 } from './random.ts';
import { run } from './helpers.ts';

async function decode(label: 'utf-16le' | 'utf-16be', bytes: Uint8Array, cut: () => number): Promise<Buffer> {
  async function* pieces() {
    for (let i = 0; i < bytes.length; ) {
      const n = Math.max(1, cut());
      yield bytes.subarray(i, i + n);
      i += n;
    }
  }
  const out: Buffer[] = [];
  for await (const c of utf16ToUtf8(label, pieces())) out.push(Buffer.from(c));
  return Buffer.concat(out);
}

function swap(le: Buffer): Buffer {
  const be = Buffer.from(le);
  be.swap16();
  return be;
}

test('valid UTF-16 comes out as the UTF-8 of the same text, however it is cut', async () => {
  const rand = mulberry32(16);
  for (let k = 0; k < 300; k++) {
    let text = '';
    for (let i = Math.floor(rand() * 300); i > 0; i--) {
      const r = rand();
      text += r < 0.5 ? String.fromCharCode(0x20 + Math.floor(rand() * 95)) : r < 0.8 ? String.fromCharCode(0xa0 + Math.floor(rand() * 0xd700)) : String.fromCodePoint(0x10000 + Math.floor(rand() * 0xfffff));
    }
    const le = Buffer.from(text, 'utf16le');
    const cut = () => 1 + Math.floor(rand() * 9);
    assert.equal((await decode('utf-16le', le, cut)).toString('utf8'), text);
    assert.equal((await decode('utf-16be', swap(le), cut)).toString('utf8'), text);
  }
});

test('a lone surrogate or an odd last byte refuses its row (row-encoding), never publishes a U+FFFD', async () => {
  const U = 'https://www.example.com';
  const lone = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
  const r = await run(lone(`loc\n${U}/a\uD800\n${U}/b\n${U}/c\uDC00x\n${U}/d\uD83D\uDE00\n`));
  assert.deepEqual(r.locs, [`${U}/b`, `${U}/d%F0%9F%98%80`]);
  assert.deepEqual(r.findings.filter((f) => f.code === 'row-encoding').map((f) => f.line), [2, 4]);
  const odd = await run(Buffer.concat([lone(`loc\n${U}/a\n${U}/b`), Buffer.from([0x41])]));
  assert.deepEqual(odd.locs, [`${U}/a`]);
  assert.deepEqual(odd.findings.filter((f) => f.code === 'row-encoding').map((f) => f.line), [3]);
});
