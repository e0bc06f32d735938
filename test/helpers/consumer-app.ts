// Two consumers of a packed Sitemill: a new Vite app that imports `sitemill/browser` and
// `sitemill/embed` and is built for production with no config of its own, and a plain static page
// that loads the tarball's dist/lib/ and dist/embed/ as a host copies them.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './cli.ts';

/** The page both consumers show: the element, and the library as `window.sitemill`. */
const BODY = `<sitemill-workbench base-url="https://www.example.com/"></sitemill-workbench>`;

/** A page's icon, so the browser's request for one is answered (a 404 is logged as an error). */
const ICON = Buffer.from('AAABAAEAAQEAAAEAGAAwAAAAFgAAACgAAAABAAAAAgAAAAEAGAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP8AAAAAAA==', 'base64');

function html(script: string, icon: string): string {
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Consumer</title><link rel="icon" href="${icon}">\n<script type="module" src="${script}"></script></head>\n<body>${BODY}</body>\n</html>\n`;
}

export interface Installed {
  /** The app's folder, with node_modules/sitemill. */
  dir: string;
  /** What `npm install` printed (stdout and stderr). */
  log: string;
}

/** A new app with the tarball and the repository's Vite version installed from the registry (or npm's cache). */
export async function installApp(dir: string, tarball: string): Promise<Installed> {
  const vite = JSON.parse(await readFile(path.join(ROOT, 'node_modules/vite/package.json'), 'utf8')).version as string;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  await writeFile(path.join(dir, 'index.html'), html('/main.js', '/favicon.ico'));
  await mkdir(path.join(dir, 'public'));
  await writeFile(path.join(dir, 'public/favicon.ico'), ICON);
  await writeFile(
    path.join(dir, 'main.js'),
    `import { createSitemill } from 'sitemill/browser';\nimport 'sitemill/embed';\nwindow.sitemill = createSitemill();\n`,
  );
  const log = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `vite@${vite}`], dir);
  return { dir, log };
}

/** `vite build` with Vite's defaults: the app's dist/. */
export function buildApp(dir: string): string {
  run(path.join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], dir);
  return path.join(dir, 'dist');
}

/** A static page beside copies of the package's dist/lib/ and dist/embed/ (from node_modules, as unpacked). */
export async function hostPage(dir: string, pkg: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await cp(path.join(pkg, 'dist/lib'), path.join(dir, 'lib'), { recursive: true });
  await cp(path.join(pkg, 'dist/embed'), path.join(dir, 'embed'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), html('./page.js', './favicon.ico'));
  await writeFile(path.join(dir, 'favicon.ico'), ICON);
  await writeFile(
    path.join(dir, 'page.js'),
    `import { createSitemill } from './lib/sitemill-browser.js';\nimport './embed/sitemill-workbench.js';\nwindow.sitemill = createSitemill();\n`,
  );
  return dir;
}

/** Runs a command to its end; gives what it printed on both streams (npm warns on stderr). */
function run(command: string, args: string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  const printed = `${done.stdout ?? ''}${done.stderr ?? ''}`;
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.error?.message ?? `exit ${done.status}`}):\n${printed}`);
  return printed;
}
