// Standard input as an input. A sitemap is read twice (a first reading learns its extension columns)
// and standard input only once, so an input that may be a sitemap (XML, or gzip or zip, which may
// hold one) is copied to a temporary file and read from there; a list streams straight through.
// The audit (`check -`) may read any input again, to place duplicates, so it asks for the copy always.

import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isGzip, peek, prepend } from './byte-streams.ts';
import { isSitemapInput } from '../check/sitemap-input.ts';
import { binaryKind, SAMPLE } from './binary-kind.ts';
import { InputError } from './decode.ts';
import type { InputSource } from '../types.ts';

const NAME = 'stdin';
/** Signals that end a run, with the exit status a shell gives for each (128 + its number). */
const SIGNALS: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export interface StdinInput {
  source: InputSource;
  /** Removes the copy, if one was made. */
  close(): Promise<void>;
}

function maySitemap(head: Uint8Array): boolean {
  return isGzip(head) || isSitemapInput(head);
}

/**
 * The most standard input the audit copies: more than any sitemap (52,428,800 bytes, or less
 * gzipped) or a zip of a few; an endless stream (`yes URL | sitemill check -`) stops here.
 */
const COPY_LIMIT = 256 << 20;

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

export async function stdinInput(stdin: AsyncIterable<Uint8Array>, folder = tmpdir(), copyAlways = false): Promise<StdinInput> {
  // As much as the input decoder looks at, so both take it for the same thing.
  const { head, rest } = await peek(stdin, SAMPLE);
  if (!copyAlways && !maySitemap(head)) return { source: { name: NAME, once: true, chunks: () => prepend(head, rest) }, close: async () => {} };
  // Binary data (no gzip, no zip) is told from its first bytes: the rest is not copied, nor read.
  if (copyAlways && !maySitemap(head) && binaryKind(head) !== null) {
    await rest[Symbol.asyncIterator]().return?.();
    return { source: { name: NAME, size: head.length, chunks: () => once(head) }, close: async () => {} };
  }

  const why = copyAlways ? 'may be read twice' : 'looks like a sitemap, which is read twice';
  const cannot = (e: unknown) =>
    new InputError(
      `standard input ${why}, so it is copied to a temporary folder first; ` +
        `that failed in ${folder} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): set TMPDIR to another folder`,
    );
  const dir = await mkdtemp(join(folder, 'sitemill-')).catch((e) => {
    throw cannot(e);
  });
  // A run cut short by an error or a signal leaves no copy behind either.
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => process.exit(SIGNALS[signal]);
  process.on('exit', removeNow);
  for (const signal of Object.keys(SIGNALS)) process.once(signal, onSignal);
  const close = async () => {
    process.off('exit', removeNow);
    for (const signal of Object.keys(SIGNALS)) process.off(signal, onSignal);
    await rm(dir, { recursive: true, force: true });
  };
  const path = join(dir, NAME);
  let readError: unknown;
  let copied = 0;
  const read = async function* () {
    try {
      for await (const chunk of prepend(head, rest)) {
        if (copyAlways && (copied += chunk.length) > COPY_LIMIT) {
          throw new InputError(`standard input passes ${COPY_LIMIT.toLocaleString('en-US')} bytes, more than check copies from it: give the file's path instead`);
        }
        yield chunk;
      }
    } catch (e) {
      readError = e;
      throw e;
    }
  };
  try {
    await pipeline(read(), createWriteStream(path));
    const { size } = await stat(path);
    return { source: { name: NAME, size, chunks: () => createReadStream(path, { highWaterMark: 1 << 20 }) }, close };
  } catch (e) {
    await close();
    if (readError instanceof InputError) throw readError;
    if (readError) throw new InputError(`cannot read standard input: ${(readError as NodeJS.ErrnoException).code ?? (readError as Error).message}`);
    throw cannot(e);
  }
}
