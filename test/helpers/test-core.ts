// The core built with its test hooks (assembly/test-entry.ts, compiled by `npm run build:wasm:test`
// to build/sitemill-test.wasm): for the tests that probe one part of the core against an outside
// reference. The engine and the package load the release build, which exports none of the hooks.

import { readFile } from 'node:fs/promises';
import { Core, type Exports } from '../../src/core/core.ts';

/** The hooks of assembly/test-hooks.ts (test/core-boundary.test.ts holds them to the test build). */
export interface TestHooks {
  fastPathAccepts(len: number): number;
  otherOriginFastPathLength(len: number): number;
  anyHostFastPathAccepts(len: number): number;
  escapeScratch(len: number): number;
  escapedLengthOfScratch(len: number): number;
  entryPtr(): number;
  scanOnly(final: number): number;
  addToDuplicateSet(len: number): number;
  removeFromDuplicateSet(len: number): void;
  duplicateSetHas(len: number): number;
  hashSlotsRead(): number;
  rewriteLoc(len: number): number;
  rewrittenPtr(): number;
  rewrittenLen(): number;
  columnsSayPageOfRow(len: number): number;
  columnsExcludeOfRow(len: number): number;
  nulOrNonAsciiAt(from: number, len: number): number;
  exclusionColumnOfRow(): number;
  exclusionTextPtr(): number;
  exclusionTextLen(): number;
}

/** A core whose exports include the hooks. */
export type TestCore = Core & { readonly x: Exports & TestHooks };

export const TEST_WASM = new URL('../../build/sitemill-test.wasm', import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;

export function testModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(TEST_WASM).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** A fresh instance of the test build. */
export async function testCore(): Promise<TestCore> {
  return new Core(await testModule()) as TestCore;
}
