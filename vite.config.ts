import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The policy the page is built for; the preview server sends it too. */
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'";

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/**
 * Writes dist/sw.js after the build: the service worker template with the list of every emitted file
 * (app shell, the engine's worker, the wasm) and a version that is the hash of their contents.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'sitemill:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are on disk, the worker's chunk and the wasm included.
    async writeBundle() {
      const files = (await listFiles(outDir)).filter((f) => f !== 'sw.js' && !f.endsWith('.map'));
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update('\0').update(await readFile(path.join(outDir, f)));
      const version = hash.digest('hex').slice(0, 16);
      const template = await readFile(path.join(here, 'web/service-worker.js'), 'utf8');
      const code = template
        .replace("'__SITEMILL_VERSION__'", JSON.stringify(version))
        .replace('__SITEMILL_PRECACHE__', JSON.stringify(files, null, 2));
      await writeFile(path.join(outDir, 'sw.js'), code);
    },
  };
}

export default defineConfig({
  root: path.join(here, 'web'),
  base: './',
  plugins: [svelte(), serviceWorker()],
  worker: { format: 'es' },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    target: 'es2022',
  },
  preview: { headers: { 'Content-Security-Policy': CSP } },
});
