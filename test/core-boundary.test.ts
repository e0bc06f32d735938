// The WASM boundary: the release build exports no test hook, and the hand-written types of the
// boundary (`Exports` in src/core/core.ts, `TestHooks` for the test build) say what the modules
// really export: each member's kind and, for a function, its parameter count, read with the
// TypeScript compiler so the check follows the interfaces as they are edited.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';
import { Core } from '../src/core/core.ts';
import { CODE_NAMES } from '../src/core/codes.ts';
import { REPORT_CODES } from '../src/core/status.ts';
import { nodePlatform } from '../src/platform/node.ts';
import { TEST_WASM, testModule } from './helpers/test-core.ts';
import { hasWasmSimd } from '../src/platform/wasm-simd.ts';

type Kind = WebAssembly.ImportExportKind;

interface Member {
  kind: Kind;
  /** For a function: how many parameters it takes. */
  params?: number;
}

const ROOT = new URL('../', import.meta.url);

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(new URL(path, ROOT), 'utf8'), ts.ScriptTarget.Latest, true);
}

function memberOf(node: ts.TypeElement, file: ts.SourceFile): Member {
  if (ts.isMethodSignature(node)) return { kind: 'function', params: node.parameters.length };
  if (ts.isPropertySignature(node) && node.type) {
    if (ts.isFunctionTypeNode(node.type)) return { kind: 'function', params: node.type.parameters.length };
    const type = node.type.getText(file);
    if (type === 'WebAssembly.Memory') return { kind: 'memory' };
    if (type === 'WebAssembly.Global') return { kind: 'global' };
    if (type === 'WebAssembly.Table') return { kind: 'table' };
  }
  throw new Error(`${file.fileName}: cannot tell what kind of export ${node.getText(file)} is`);
}

/** The members of interface `name` in `path`, by name. */
function interfaceMembers(path: string, name: string): Map<string, Member> {
  const file = parse(path);
  const decl = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  assert.ok(decl, `${path} declares no interface ${name}`);
  return new Map(decl.members.map((m) => [m.name!.getText(file), memberOf(m, file)]));
}

/** The names of the functions `path` exports (an AssemblyScript file parses as TypeScript). */
function exportedFunctions(path: string): string[] {
  return parse(path)
    .statements.filter((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && !!s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
    .map((f) => f.name!.text);
}

/** What an instance of `module` exports, as the engine instantiates it (its imports). */
function realExports(module: WebAssembly.Module): Map<string, Member> {
  const instance = new Core(module).x as unknown as Record<string, unknown>;
  return new Map(
    WebAssembly.Module.exports(module).map(({ name, kind }) => {
      const value = instance[name];
      return [name, kind === 'function' ? { kind, params: (value as (...args: unknown[]) => unknown).length } : { kind }];
    }),
  );
}

/** Differences between the declared members and the real exports, one line each. */
function mismatches(declared: Map<string, Member>, real: Map<string, Member>): string[] {
  const out: string[] = [];
  for (const [name, want] of declared) {
    const got = real.get(name);
    if (!got) out.push(`${name}: declared, not exported`);
    else if (got.kind !== want.kind) out.push(`${name}: declared a ${want.kind}, exported as a ${got.kind}`);
    else if (got.params !== want.params) out.push(`${name}: declared with ${want.params} parameters, exported with ${got.params}`);
  }
  for (const name of real.keys()) if (!declared.has(name)) out.push(`${name}: exported, not declared`);
  return out;
}

const HOOKS = exportedFunctions('assembly/test-hooks.ts');

test('the release build exports no test hook; the test build exports them and nothing else beside the release exports', async () => {
  // Named here too, so an empty or misread hook file cannot make the test pass.
  for (const known of ['fastPathAccepts', 'scanOnly', 'addToDuplicateSet', 'removeFromDuplicateSet', 'duplicateSetHas', 'escapeScratch']) {
    assert.ok(HOOKS.includes(known), `assembly/test-hooks.ts no longer exports ${known}: ${HOOKS.join(', ')}`);
  }
  const release = WebAssembly.Module.exports(await nodePlatform.wasm()).map((e) => e.name);
  const testBuild = WebAssembly.Module.exports(await testModule()).map((e) => e.name);
  assert.ok(release.includes('run') && release.includes('memory'), `not the core: ${release.join(', ')}`);
  assert.deepEqual(release.filter((name) => HOOKS.includes(name)), [], 'test hooks in build/sitemill.wasm');
  assert.deepEqual(release.filter((name) => !testBuild.includes(name)), [], 'release exports the test build lacks');
  assert.deepEqual(testBuild.filter((name) => !release.includes(name)).sort(), [...HOOKS].sort(), 'the test build beyond the release one');
});

test('the package ships the release build and not the test build', () => {
  assert.ok(existsSync(TEST_WASM), 'build/sitemill-test.wasm is missing: npm run build:wasm:test');
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  assert.ok(files.includes('build/sitemill.wasm'), files.join(', '));
  assert.deepEqual(files.filter((f) => f.includes('sitemill-test')), []);
});

test('Exports (src/core/core.ts) declares every export of the release build, with its kind and parameter count', async () => {
  const declared = interfaceMembers('src/core/core.ts', 'Exports');
  assert.ok(declared.size >= 60, `read ${declared.size} members`);
  assert.deepEqual(mismatches(declared, realExports(await nodePlatform.wasm())), []);
});

test('TestHooks (test/helpers/test-core.ts) declares every hook of the test build, with its parameter count', async () => {
  const declared = interfaceMembers('test/helpers/test-core.ts', 'TestHooks');
  const real = new Map([...realExports(await testModule())].filter(([name]) => HOOKS.includes(name)));
  assert.equal(real.size, HOOKS.length, 'hooks the test build does not export');
  assert.deepEqual(mismatches(declared, real), []);
});

test('the comparison tells a missing, an extra, a wrong kind and a wrong count apart', () => {
  const declared = new Map<string, Member>([
    ['memory', { kind: 'memory' }],
    ['run', { kind: 'function', params: 1 }],
    ['gone', { kind: 'function', params: 0 }],
    ['counter', { kind: 'global' }],
  ]);
  const real = new Map<string, Member>([
    ['memory', { kind: 'memory' }],
    ['run', { kind: 'function', params: 2 }],
    ['counter', { kind: 'function', params: 1 }],
    ['extra', { kind: 'function', params: 0 }],
  ]);
  assert.deepEqual(mismatches(declared, real), [
    'run: declared with 1 parameters, exported with 2',
    'gone: declared, not exported',
    'counter: declared a global, exported as a function',
    'extra: exported, not declared',
  ]);
});

test('every code has a number the core writes report.csv rows for', () => {
  assert.ok(CODE_NAMES.length <= REPORT_CODES, `${CODE_NAMES.length} codes, room for ${REPORT_CODES}`);
});

test('the SIMD probe the page runs before compiling the core is a valid module here, where the core (built with SIMD) compiles', async () => {
  assert.equal(hasWasmSimd(), true);
  await WebAssembly.compile(readFileSync(new URL('build/sitemill.wasm', ROOT)));
});
