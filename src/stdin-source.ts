// Standard input as an input. A sitemap is read twice (a first reading learns its extension columns)
// and standard input only once, so an input that may be a sitemap (XML, or gzip or zip, which may
// hold one) is copied to a temporary file and read from there; a list streams straight through.

import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { peek, prepend } from './byte-streams.ts';
import { isSitemapInput } from './check/index.ts';
import { InputError } from './decode.ts';
import type { InputSource } from './types.ts';

const NAME = 'stdin';
/** Enough of the start to tell a sitemap from a list. */
const HEAD = 4096;

export interface StdinInput {
  source: InputSource;
  /** Removes the copy, if one was made. */
  close(): Promise<void>;
}

function maySitemap(head: Uint8Array): boolean {
  return (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) || isSitemapInput(head);
}

export async function stdinInput(stdin: AsyncIterable<Uint8Array>, folder = tmpdir()): Promise<StdinInput> {
  const { head, rest } = await peek(stdin, HEAD);
  if (!maySitemap(head)) return { source: { name: NAME, once: true, chunks: () => prepend(head, rest) }, close: async () => {} };

  const cannot = (e: unknown) =>
    new InputError(`cannot keep standard input in ${folder} to read it twice: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  const dir = await mkdtemp(join(folder, 'sitemill-')).catch((e) => {
    throw cannot(e);
  });
  // A run cut short by an error or a signal leaves no copy behind either.
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.on('exit', removeNow);
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const close = async () => {
    process.off('exit', removeNow).off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await rm(dir, { recursive: true, force: true });
  };
  const path = join(dir, NAME);
  try {
    await pipeline(prepend(head, rest), createWriteStream(path));
  } catch (e) {
    await close();
    throw cannot(e);
  }
  const { size } = await stat(path);
  return { source: { name: NAME, size, chunks: () => createReadStream(path, { highWaterMark: 1 << 20 }) }, close };
}
