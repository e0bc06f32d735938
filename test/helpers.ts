// Shared by the tests: run the engine on text, read what it wrote, run the CLI.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { generate } from '../src/generate/engine.ts';
import { nodePlatform } from '../src/platform/node.ts';
import type { Finding, Options } from '../src/types.ts';
import { xsd } from './helpers/reference.ts';
import { BASE, NOW } from './helpers/run-values.ts';

export { BASE, NOW };
export const ROOT = new URL('..', import.meta.url).pathname;

export function source(name: string, data: string | Uint8Array, chunkSize = 1 << 16) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return {
    name,
    size: bytes.length,
    async *chunks() {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    },
  };
}

export function concatParts(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface Run {
  summary: Awaited<ReturnType<typeof generate>>['summary'];
  findings: Finding[];
  zip: Uint8Array;
  /** The zip's files, gzipped ones inflated, by name. */
  files: Record<string, string>;
  /** The `<loc>`s of the sitemap files, in order, unescaped. */
  locs: string[];
}

export async function run(text: string | Uint8Array, options: Partial<Options> = {}, chunkSize?: number): Promise<Run> {
  const result = await generate([source('list.csv', text, chunkSize)], { baseUrl: BASE, now: NOW, ...options }, nodePlatform);
  const zip = concatParts(result.zip);
  const files = readZip(zip);
  const findings = Array.from({ length: result.findings.length }, (_, i) => result.findings.at(i));
  return { summary: result.summary, findings, zip, files, locs: locsOf(files) };
}

export function readZip(zip: Uint8Array): Record<string, string> {
  const files: Record<string, string> = {};
  const decoder = new TextDecoder();
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    files[name] = decoder.decode(name.endsWith('.gz') ? gunzipSync(data) : data);
  }
  return files;
}

export function unescapeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

export function sitemapNames(files: Record<string, string>): string[] {
  return Object.keys(files)
    .filter((n) => /^sitemap-\d+\.(xml|txt)(\.gz)?$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
}

export function locsOf(files: Record<string, string>): string[] {
  const locs: string[] = [];
  for (const name of sitemapNames(files)) {
    if (name.includes('.txt')) locs.push(...files[name].split('\n').filter(Boolean));
    else for (const m of files[name].matchAll(/<url><loc>([^<]*)<\/loc>/g)) locs.push(unescapeXml(m[1]));
  }
  return locs;
}

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder, removed when the test process ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitemill-test-'));
  made.push(dir);
  return dir;
}

export function cli(args: string[], input?: string | Uint8Array, nodeFlags: string[] = []) {
  const r = spawnSync(process.execPath, [...nodeFlags, join(ROOT, 'lib', 'cli.js'), ...args], { input, encoding: 'buffer', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/**
 * Node flags that have a child process write its own peak RSS, in bytes, to `file` as it exits:
 * a memory figure about that process's work alone. Inline, so no module is loaded from disk.
 */
export function peakRssFlags(file: string): string[] {
  const hook = `import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(${JSON.stringify(file)},String(process.resourceUsage().maxRSS*1024)));`;
  return ['--import', `data:text/javascript,${encodeURIComponent(hook)}`];
}

/** Writes `content` to a temporary file and returns its path. */
export function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(tempDir(), name);
  writeFileSync(path, content);
  return path;
}

/** Whether libxml2 reads `file` as well-formed XML (no schema). */
export function xmlWellFormed(file: string): boolean {
  const r = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' });
  if (r.error) throw new Error(`xmllint could not run (${r.error.message}); install libxml2-utils`);
  return r.status === 0;
}

/** Runs xmllint against an official schema; returns its exit status and output. */
export function xmllint(schema: string, file: string) {
  const r = spawnSync('xmllint', ['--noout', '--schema', xsd(schema), file], { encoding: 'utf8' });
  if (r.error) throw new Error(`xmllint could not run (${r.error.message}); install libxml2-utils`);
  return { status: r.status, output: r.stderr };
}
