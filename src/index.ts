// The library in Node: the same engine as the CLI, in-process, reading files as streams.

import { fileURLToPath } from 'node:url';
import { generate as generateWith, inspect as inspectWith, type GenerateResult } from './generate/engine.ts';
import { nodePlatform } from './platform/node.ts';
import { intoFolder } from './platform/folder-output.ts';
import { fileIdOf } from './platform/file-id.ts';
import { isIndexFileName } from './output/index-names.ts';
import type { GenerateOptions, Hooks, Input, InputSource, Inspection, Options } from './types.ts';
import { checkFiles, type CheckOptions, type CheckResult } from './check/index.ts';
import { AbortError, OptionError } from './errors.ts';
import { formOf, inputsOf } from './library-inputs.ts';
import { checkArgument, CHECK_OPTIONS, GENERATE_HOOKS, GENERATE_OPTIONS, HOOKS_WHERE, INSPECT_OPTIONS, OPTIONS_WHERE, RUN_HOOKS } from './library-options.ts';
import { abortableChunks } from './input/abortable-reads.ts';
import { pathSource } from './input/path-source.ts';

export { AbortError, InputError, OptionError, SitemillError } from './errors.ts';
export { OutOfMemoryError } from './core/out-of-memory.ts';
export { FindingStore, type FindingFilter } from './generate/findings.ts';
export { CODE_INFO } from './core/codes.ts';
export { DEFAULT_OPTIONS, LIMITS } from './generate/options.ts';
export { CHECK_CODES, type CheckCode, type CheckOptions, type CheckResult, type CheckedFile, type CheckFinding, type FileKind } from './check/index.ts';
export type * from './types.ts';
export type { GenerateResult };

/** An input in any of its forms (docs/library.md) as a source the engine reads; reads stop when `signal` aborts. */
export async function toSource(input: Input, signal?: AbortSignal): Promise<InputSource> {
  const form = formOf(input);
  switch (form.kind) {
    case 'path':
      return pathSource(form.path, form.name, signal);
    case 'text':
      return bytesSource(form.name, new TextEncoder().encode(form.text));
    case 'bytes':
      return bytesSource(form.name, form.bytes);
    case 'blob': {
      const blob = form.blob;
      return { name: form.name, size: blob.size, chunks: () => abortableChunks(blob.stream(), signal, form.name) };
    }
    case 'stream': {
      const stream = form.stream;
      let read = false;
      const chunks = () => {
        // Read once only: a second reading would find the stream spent and the input silently empty.
        if (read) throw new Error(`${form.name}: a stream input was read twice`);
        read = true;
        return abortableChunks(stream, signal, form.name);
      };
      return { name: form.name, size: form.size, once: true, chunks };
    }
    case 'source': {
      const source = form.source;
      return { ...source, chunks: () => abortableChunks(source.chunks(), signal, source.name) };
    }
  }
}

/** The file an input reads, when it is `{ path }`: the folder's writer refuses to replace it. */
function inputPath(input: unknown): string[] {
  const form = formOf(input);
  if (form.kind !== 'path') return [];
  return [form.path instanceof URL ? fileURLToPath(form.path) : form.path];
}

/**
 * Generates sitemaps from one or more inputs. The zip comes back in parts (`result.zip`) unless
 * `hooks.onZipChunk` takes it as it is written; `hooks.signal` cancels. With `outDir`, the files
 * go into that folder as `sitemill generate --out-dir` writes them (in place only when the run
 * succeeds), and no zip is kept unless `onZipChunk` asks for it.
 */
export async function generate(input: Input | Input[], options: GenerateOptions = {}, hooks: Hooks = {}): Promise<GenerateResult> {
  checkArgument(options, { what: 'generate() option', table: GENERATE_OPTIONS, elsewhere: [{ table: GENERATE_HOOKS, where: HOOKS_WHERE }] });
  checkArgument(hooks, { what: 'generate() hook', table: GENERATE_HOOKS, elsewhere: [{ table: GENERATE_OPTIONS, where: OPTIONS_WHERE }] });
  const { outDir, ...engineOptions } = options;
  return stoppable(hooks.signal, async () => {
    const given = inputsOf(input);
    const sources = await Promise.all(given.map((i) => toSource(i as Input, hooks.signal)));
    if (outDir === undefined) return generateWith(sources, engineOptions, nodePlatform, hooks);
    // An input file is never written over: its identity goes to the folder's writer.
    const paths = new Set(given.flatMap((i) => inputPath(i)).map(fileIdOf).filter((id) => id !== null));
    const zipHooks = { onZipChunk: () => {}, ...hooks };
    return intoFolder(outDir, paths, (name) => isIndexFileName(name), async (onFile) => {
      const result = await generateWith(sources, engineOptions, nodePlatform, { ...zipHooks, onFile });
      // A cancel that came while the last files were staged still leaves the folder as it was.
      if (hooks.signal?.aborted) throw new AbortError(hooks.signal.reason);
      return result;
    });
  });
}

/** Audits existing sitemaps, indexes, text sitemaps, feeds or zips of them (SPEC section 7). */
export async function check(inputs: Input | Input[], options: CheckOptions = {}): Promise<CheckResult> {
  checkArgument(options, { what: 'check() option', table: CHECK_OPTIONS });
  return stoppable(options.signal, async () => {
    const sources = await Promise.all(inputsOf(inputs).map((i) => toSource(i as Input, options.signal)));
    return checkFiles(sources, options, nodePlatform);
  });
}

/** The delimiter, header and first rows of an input, and the column roles Sitemill would use; `hooks.signal` cancels. */
export async function inspect(input: Input, options: Partial<Options> = {}, hooks: Pick<Hooks, 'signal'> = {}): Promise<Inspection> {
  checkArgument(options, { what: 'inspect() option', table: INSPECT_OPTIONS, elsewhere: [{ table: RUN_HOOKS, where: HOOKS_WHERE }] });
  checkArgument(hooks, { what: 'inspect() hook', table: { signal: RUN_HOOKS.signal }, elsewhere: [{ table: INSPECT_OPTIONS, where: OPTIONS_WHERE }] });
  return stoppable(hooks.signal, async () => inspectWith(await toSource(input, hooks.signal), nodePlatform, options));
}

/** Runs `job`; once `signal` has aborted, whatever it failed with is an AbortError (code `aborted`). */
async function stoppable<T>(signal: AbortSignal | undefined, job: () => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new AbortError(signal.reason);
  try {
    return await job();
  } catch (e) {
    if (signal?.aborted && !(e instanceof AbortError)) throw new AbortError(signal.reason);
    throw e;
  }
}

function bytesSource(name: string, bytes: Uint8Array): InputSource {
  return {
    name,
    size: bytes.length,
    async *chunks() {
      yield bytes;
    },
  };
}
