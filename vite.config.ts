import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type EnvironmentOptions, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

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
 * Writes dist/sw.js after the app's build: the service worker template with the list of every file
 * the app emitted (app shell, the engine's worker, the wasm) and a version that is the hash of their contents.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'sitemill:service-worker',
    apply: 'build',
    // The embed and the library are for other pages; the app's offline cache leaves them out.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are on disk, the worker's chunk and the wasm included.
    async writeBundle() {
      const files = (await listFiles(outDir)).filter(
        (f) => f !== 'sw.js' && !f.endsWith('.map') && !/^(embed|lib|examples)\//.test(f),
      );
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

/** Example pages from examples/, copied as a host would serve them (not bundled) to dist/examples/<name>/. */
const EXAMPLES: Record<string, string> = {
  'host/index.html': 'host.html',
  'host/host.css': 'host.css',
  'library/index.html': 'library.html',
  'library/library.js': 'library.js',
  'library/library.css': 'library.css',
};

function examples(): Plugin {
  return {
    name: 'sitemill:examples',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      for (const [to, from] of Object.entries(EXAMPLES)) {
        this.emitFile({ type: 'asset', fileName: `examples/${to}`, source: await readFile(path.join(here, 'examples', from)) });
      }
    },
  };
}

/**
 * Writes the element's types beside it (dist/embed/sitemill-workbench.d.ts), their types from the
 * library pointed at the package's `sitemill/browser` export.
 */
function elementTypes(): Plugin {
  const from = "from '../../src/browser.ts'";
  return {
    name: 'sitemill:element-types',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'embed',
    async generateBundle() {
      const source = await readFile(path.join(here, 'web/element/sitemill-workbench.d.ts'), 'utf8');
      if (!source.includes(from)) throw new Error(`web/element/sitemill-workbench.d.ts no longer imports ${from}`);
      const types = source.replace(/^\/\/.*\n/gm, '').replace(from, "from 'sitemill/browser'");
      this.emitFile({ type: 'asset', fileName: 'sitemill-workbench.d.ts', source: types });
    },
  };
}

/**
 * A script that is not an app: one entry at a fixed name in its own folder of dist/, with its chunks,
 * worker and wasm beside it, each found relative to the module that needs it (`import.meta.url`).
 */
function moduleBuild(folder: string, name: string, entry: string, minify: boolean): EnvironmentOptions {
  return {
    consumer: 'client',
    build: {
      outDir: path.join(dist, folder),
      emptyOutDir: true,
      copyPublicDir: false,
      minify,
      rolldownOptions: {
        input: { [name]: path.join(here, entry) },
        // Keep the entry's exports: an app build would drop them.
        preserveEntrySignatures: 'strict',
        output: { entryFileNames: '[name].js' },
      },
    },
  };
}

export default defineConfig({
  root: path.join(here, 'web'),
  base: './',
  plugins: [
    svelte({
      // Only the element is compiled as a custom element; the components inside it stay plain.
      dynamicCompileOptions: ({ filename }) => (filename.endsWith('/WorkbenchElement.svelte') ? { customElement: true } : undefined),
    }),
    serviceWorker(),
    examples(),
    elementTypes(),
  ],
  worker: {
    format: 'es',
    rolldownOptions: {
      // The input decoder loads the sitemap reader only when an input is a sitemap, so the CLI starts a
      // list without it; the page's worker holds the audit, which needs that reader anyway.
      checks: { ineffectiveDynamicImport: false },
      // One file per worker, its lazy modules (xlsx, URL patterns, a previous set) inlined: a host's
      // bundler copies the library's worker as an opaque asset, and would leave chunks of its own behind.
      output: { codeSplitting: false },
    },
  },
  build: {
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    target: 'es2022',
  },
  // `vite build` builds the three, in this order: the app first, since it empties dist/.
  builder: {
    async buildApp(builder) {
      for (const name of ['client', 'embed', 'lib']) await builder.build(builder.environments[name]);
    },
  },
  environments: {
    client: { build: { outDir: dist, emptyOutDir: true } },
    embed: moduleBuild('embed', 'sitemill-workbench', 'web/embed.ts', true),
    // A library: readable, the host's bundler minifies it.
    lib: moduleBuild('lib', 'sitemill-browser', 'src/browser.ts', false),
  },
  preview: { headers: { 'Content-Security-Policy': CSP } },
});
