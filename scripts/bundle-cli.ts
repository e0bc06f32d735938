// Bundles the package's Node code: the `sitemill` command (lib/cli.js) and the library (lib/index.js),
// over one set of shared chunks in lib/bin/, so the engine ships once for Node. tsc writes only the
// declarations (lib/**/*.d.ts), which the library's types are.
//
// Loading tsc's ~80 modules one by one took about 130 ms of a run's start, while no other thread had
// work yet. Bundled, a 100-row run takes 0.32-0.40 s instead of 0.39-0.48 s (six interleaved runs of
// each); at 1M rows the medians of four interleaved runs were 3.08 s against 3.27 s, within this
// machine's noise.
//
// Every chunk goes to lib/bin/, two folders below the package root like src/platform/node.ts, so the
// core's `new URL('../../build/sitemill.wasm', import.meta.url)` finds the wasm; an entry, one folder
// up, must hold no such URL (checked below). The audit's row-rules thread starts from the URL of the
// chunk that holds its module, which runs the thread's side when it is a worker's main
// (test/check-cli.test.ts runs `check` through it).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: ROOT,
  entryPoints: [
    { in: 'src/cli.ts', out: 'cli' },
    { in: 'src/index.ts', out: 'index' },
  ],
  outdir: 'lib',
  chunkNames: 'bin/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The dependencies stay imports of their packages, as tsc's output had them.
  packages: 'external',
  logLevel: 'warning',
});

for (const entry of ['cli.js', 'index.js']) {
  if (readFileSync(join(ROOT, 'lib', entry), 'utf8').includes('import.meta.url')) {
    throw new Error(`lib/${entry} resolves a file from its own URL, one folder above the chunks it was written for`);
  }
}
