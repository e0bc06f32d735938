// Bundles the `sitemill` command over lib/cli.js (which tsc wrote as one module of ~80 it imports).
// Loading those modules one by one took about 130 ms of a run's start, while no other thread had work
// yet. Bundled, a 100-row run takes 0.32-0.40 s instead of 0.39-0.48 s (six interleaved runs of
// each); at 1M rows the medians of four interleaved runs were 3.08 s against 3.27 s, within this
// machine's noise. The library (lib/index.js) stays as tsc wrote it, for bundlers and readers.
//
// Every chunk goes to lib/bin/, two folders below the package root like lib/platform/node.js, so the
// core's `new URL('../../build/sitemill.wasm', import.meta.url)` finds the same file from either.
// The audit's row-rules thread starts from the URL of the chunk that holds its module, which runs
// the thread's side when it is a worker's main (test/check-cli.test.ts runs `check` through it).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: ROOT,
  entryPoints: [{ in: 'src/cli.ts', out: 'cli' }],
  outdir: 'lib',
  chunkNames: 'bin/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
