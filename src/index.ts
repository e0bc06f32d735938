// The library in Node: the same engine as the CLI, in-process, reading files as streams.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { generate as generateWith, inspect as inspectWith, type GenerateResult } from './generate/engine.ts';
import { nodePlatform } from './platform/node.ts';
import { intoFolder } from './platform/folder-output.ts';
import { fileIdOf } from './platform/file-id.ts';
import { isIndexFileName } from './output/index-names.ts';
import type { Hooks, InputSource, Inspection, Options } from './types.ts';
import { checkFiles, type CheckOptions, type CheckResult } from './check/index.ts';

export type Input = string | Uint8Array | InputSource;

export { InputError, OptionError } from './generate/engine.ts';
export { FindingStore, type FindingFilter } from './generate/findings.ts';
export { CODE_INFO } from './core/codes.ts';
export { DEFAULT_OPTIONS, LIMITS } from './generate/options.ts';
export { CHECK_CODES, type CheckCode, type CheckOptions, type CheckResult, type CheckedFile, type CheckFinding, type FileKind } from './check/index.ts';
export type * from './types.ts';
export type { GenerateResult };

/** A file path, bytes, or a source of chunks, as an input the engine reads. */
export async function toSource(input: Input): Promise<InputSource> {
  if (typeof input === 'string') {
    const { size } = await stat(input);
    return { name: basename(input), size, chunks: () => createReadStream(input, { highWaterMark: 1 << 20 }) };
  }
  if (input instanceof Uint8Array) {
    return {
      name: 'input',
      size: input.length,
      async *chunks() {
        yield input;
      },
    };
  }
  return input;
}

/**
 * Generates sitemaps from one or more inputs. The zip comes back in parts (`result.zip`) unless
 * `hooks.onZipChunk` takes it as it is written; `hooks.signal` cancels. With `outDir`, the files
 * go into that folder as `sitemill generate --out-dir` writes them (in place only when the run
 * succeeds), and no zip is kept unless `onZipChunk` asks for it.
 */
export async function generate(input: Input | Input[], options: Partial<Options> & { outDir?: string } = {}, hooks: Hooks = {}): Promise<GenerateResult> {
  const inputs = Array.isArray(input) ? input : [input];
  const sources = await Promise.all(inputs.map(toSource));
  const { outDir, ...engineOptions } = options;
  if (outDir === undefined) return generateWith(sources, engineOptions, nodePlatform, hooks);
  const paths = new Set(inputs.flatMap((i) => (typeof i === 'string' ? [fileIdOf(i)] : [])).filter((id) => id !== null));
  const zipHooks = { onZipChunk: () => {}, ...hooks };
  return intoFolder(outDir, paths, (name) => isIndexFileName(name), (onFile) => generateWith(sources, engineOptions, nodePlatform, { ...zipHooks, onFile }));
}

/** Audits existing sitemaps, indexes, text sitemaps, feeds or zips of them (SPEC section 7). */
export async function check(inputs: Input | Input[], options: CheckOptions = {}): Promise<CheckResult> {
  const list = Array.isArray(inputs) ? inputs : [inputs];
  return checkFiles(await Promise.all(list.map(toSource)), options, nodePlatform);
}

/** The delimiter, header and first rows of an input, and the column roles Sitemill would use. */
export async function inspect(input: Input, options: Partial<Options> = {}): Promise<Inspection> {
  return inspectWith(await toSource(input), nodePlatform, options);
}
