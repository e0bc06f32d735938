// No module of src/ or web/ imports itself back through others, type-only imports included: each
// stage imports only the stages below it. The graph is read with the TypeScript compiler's own
// import scanner, over .ts files and the script blocks of .svelte components.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { ROOT } from './helpers/cli.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'public' ? [] : sourceFiles(full);
    return /\.(ts|svelte)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function scriptOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** The file a relative specifier names: as written, or with the extension a bundler would add. */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [base, base + '.ts', base + '.svelte', path.join(base, 'index.ts')];
  if (base.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts');
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(scriptOf(file), true, true);
    const targets = importedFiles
      .filter((i) => i.fileName.startsWith('.'))
      .map((i) => resolveImport(file, i.fileName))
      .filter((t): t is string => t !== null);
    graph.set(file, targets);
  }
  return graph;
}

/** Every strongly connected set of more than one module, and every module that imports itself (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1 || graph.get(v)?.includes(v)) found.push(set.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

test('src/ and web/ have no import cycle', () => {
  const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'web'))];
  const graph = importGraph(files);
  // The scan sees imports at all: the engine imports the core, a component imports its parts.
  const edges = [...graph.values()].reduce((n, t) => n + t.length, 0);
  assert.ok(files.length > 80 && edges > 200, `read ${files.length} files and ${edges} imports`);
  const found = cycles(graph).map((set) => set.map((f) => path.relative(ROOT, f)).join(', '));
  assert.deepEqual(found, [], `modules that import each other round:\n${found.join('\n')}`);
});

test('the cycle finder finds a cycle of two, a cycle through three, and a module importing itself', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['a', 'c']],
    ['c', ['d']],
    ['d', ['e']],
    ['e', ['c']],
    ['f', ['f']],
    ['g', ['a']],
  ]);
  assert.deepEqual(cycles(graph), [['c', 'd', 'e'], ['a', 'b'], ['f']]);
});

test('the page reaches the engine only through its worker API and the shared types', () => {
  const web = path.join(ROOT, 'web');
  const src = path.join(ROOT, 'src');
  const allowed = new Set([path.join(src, 'browser.ts'), path.join(src, 'types.ts')]);
  const graph = importGraph(sourceFiles(web));
  const intoSrc = [...graph].flatMap(([file, targets]) => targets.filter((t) => t.startsWith(src + path.sep)).map((t) => [file, t]));
  // The page does use the engine: the check cannot pass on a page that imports nothing.
  assert.ok(intoSrc.length > 10, `${intoSrc.length} imports from web/ into src/`);
  const reaching = intoSrc.filter(([, t]) => !allowed.has(t)).map(([f, t]) => `${path.relative(ROOT, f)} → ${path.relative(ROOT, t)}`);
  assert.deepEqual(reaching, [], 'web/ imports engine modules past src/browser.ts');
});
