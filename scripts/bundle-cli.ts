// Bundles the `sitemill` command over lib/cli.js (which tsc wrote as one module of ~80 it imports).
// Loading those modules one by one took about 130 ms of a run's start, while no other thread had work
// yet; bundled, a 1M-row run finished about 0.1 s sooner (4 interleaved runs of each) and a 100-row
// run about 60 ms sooner. The library (lib/index.js) stays as tsc wrote it, for bundlers and readers.
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
  // robots-parser is CommonJS and requires Node's modules; a bundled ES module has no `require` of its own.
  banner: { js: "import { createRequire as sitemillRequire } from 'node:module'; const require = sitemillRequire(import.meta.url);" },
  logLevel: 'warning',
});
