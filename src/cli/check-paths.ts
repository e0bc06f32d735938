// Node only: the paths given to `sitemill check` as inputs. A folder stands for the sitemap-like files
// in it and below, in name order (numbers counted as numbers): names ending in .xml, .txt, .gz, .zip,
// .rss or .atom, but not robots files, so the generator's own output folder (with its report.csv,
// manifest.json and robots-sitemap.txt) checks as the sitemaps in it. A file named on the command line
// is always read; what a file is, is told from its content.

import { createReadStream } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join } from 'node:path';
import type { InputSource } from '../types.ts';
import { ioProblem } from '../platform/io-problem.ts';

const byName = new Intl.Collator('en', { numeric: true }).compare;
const SITEMAP_LIKE = /\.(xml|txt|gz|zip|rss|atom)$/i;

function inFolderScope(name: string): boolean {
  return !name.startsWith('.') && SITEMAP_LIKE.test(name) && !/^robots/i.test(name);
}

export interface ExpandedPaths {
  sources: InputSource[];
  /** One line per path that could not be read. */
  problems: string[];
}

function fileSource(path: string, size: number): InputSource {
  return { name: path, size, chunks: () => createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array> };
}

async function walk(dir: string, out: InputSource[], problems: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    problems.push(`cannot read ${dir}: ${ioProblem(e)}`);
    return;
  }
  entries.sort((a, b) => byName(a.name, b.name));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) await walk(path, out, problems);
    } else if (entry.isFile() && inFolderScope(entry.name)) {
      await addFile(path, out, problems);
    }
  }
}

async function addFile(path: string, out: InputSource[], problems: string[]): Promise<void> {
  try {
    await access(path, constants.R_OK);
    out.push(fileSource(path, (await stat(path)).size));
  } catch (e) {
    problems.push(`cannot read ${path}: ${ioProblem(e)}`);
  }
}

export async function expandPaths(paths: string[]): Promise<ExpandedPaths> {
  const sources: InputSource[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    let s;
    try {
      s = await stat(path);
    } catch (e) {
      problems.push(`cannot read ${path}: ${ioProblem(e)}`);
      continue;
    }
    if (s.isDirectory()) await walk(path, sources, problems);
    else await addFile(path, sources, problems);
  }
  return { sources, problems };
}
