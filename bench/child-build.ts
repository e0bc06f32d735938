/**
 * Compiles a bench child script (and the relative .ts modules it imports) to plain ESM JavaScript
 * in bench/.build/, so the measured child runs on bare `node`.
 *
 * Run under `--import tsx`, a child also carries tsx's loader thread (tens of MB of RSS and a few
 * hundred ms of start-up), which would be charged to the tool being measured. Type stripping with
 * the project's own TypeScript removes that; the scripts still run as `node --import tsx <file>.ts`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const BUILD_DIR = join(BENCH_DIR, '.build');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  rewriteRelativeImportExtensions: true,
};

/** Returns the path of the compiled entry (bench/.build/<name>.js). */
export function buildChild(entry: string): string {
  mkdirSync(BUILD_DIR, { recursive: true });
  const done = new Set<string>();
  const queue = [resolve(BENCH_DIR, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    if (dirname(file) !== BENCH_DIR) throw new Error(`${file}: child modules must live in bench/`);
    const source = readFileSync(file, 'utf8');
    for (const ref of ts.preProcessFile(source, true, true).importedFiles) {
      if (ref.fileName.startsWith('.')) queue.push(resolve(dirname(file), ref.fileName));
    }
    const { outputText } = ts.transpileModule(source, { compilerOptions: COMPILER_OPTIONS, fileName: file });
    writeFileSync(join(BUILD_DIR, basename(file).replace(/\.ts$/, '.js')), outputText);
  }
  return join(BUILD_DIR, basename(entry).replace(/\.ts$/, '.js'));
}
