// Every finding code has its advice line, and every advice line belongs to a code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHECK_CODES } from '../src/check/codes.ts';
import { CODE_ADVICE, codeAdvice } from '../src/core/code-advice.ts';
import { CODE_INFO } from '../src/core/codes.ts';

const codes = new Set([...Object.keys(CODE_INFO), ...Object.keys(CHECK_CODES)]);

test('every code of generate and of the audit has an advice line in src/core/code-advice.ts', () => {
  const missing = [...codes].filter((c) => !Object.hasOwn(CODE_ADVICE, c));
  assert.deepEqual(missing, [], 'codes without advice');
});

test('every advice line names a code of the tables', () => {
  const extra = Object.keys(CODE_ADVICE).filter((c) => !codes.has(c));
  assert.deepEqual(extra, [], 'advice for codes no table has');
});

test('each line says why and how in one or two sentences, no more', () => {
  for (const [code, line] of Object.entries(CODE_ADVICE)) {
    // A sentence ends at a full stop before a space and a capital or a quote.
    const sentences = line.split(/(?<=[.!?])\s+(?=[A-Z"])/);
    assert.ok(sentences.length <= 2, `${code}: ${sentences.length} sentences: ${line}`);
    assert.ok(line.length <= 240, `${code}: ${line.length} characters`);
    assert.match(line, /[.)]$/, `${code} ends a sentence`);
  }
});

test('codeAdvice gives the line of a code, and nothing for a name that is no code', () => {
  assert.equal(codeAdvice('xml-doctype'), CODE_ADVICE['xml-doctype']);
  assert.equal(codeAdvice('loc-duplicate'), CODE_ADVICE['loc-duplicate']);
  assert.equal(codeAdvice('no-such-code'), undefined);
  assert.equal(codeAdvice('toString'), undefined);
});
