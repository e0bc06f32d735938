// A file named by its path, as an input (Node only): found and readable before the run starts, so a
// missing file is an InputError that names the path, not the file system's raw ENOENT.

import { constants, createReadStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InputSource } from '../types.ts';
import { abortableChunks } from './abortable-reads.ts';
import { InputError } from './input-error.ts';

const READ_BYTES = 1 << 20;

export async function pathSource(given: string | URL, name: string | undefined, signal?: AbortSignal): Promise<InputSource> {
  const path = filePath(given);
  const s = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw e.code === 'ENOENT' || e.code === 'ENOTDIR'
      ? new InputError(`no file at ${path}${/^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? ' ({ path } names a file; pass the list itself as { text })' : ''}`, 'input-not-found', { path, cause: e })
      : unreadable(path, e);
  });
  if (s.isDirectory()) throw new InputError(`${path} is a folder, not a file`, 'input-unreadable', { path });
  await access(path, constants.R_OK).catch((e: NodeJS.ErrnoException) => {
    throw unreadable(path, e);
  });
  // A pipe or a device has no size and can be read once; a regular file is read again when needed.
  const regular = s.isFile();
  return {
    name: name ?? basename(path),
    size: regular ? s.size : undefined,
    once: !regular || undefined,
    chunks: () => fileChunks(path, signal),
  };
}

function filePath(given: string | URL): string {
  if (given instanceof URL) {
    if (given.protocol !== 'file:') throw new InputError(`{ path } takes a file: URL, not ${given.href}`, 'input-type');
    return fileURLToPath(given);
  }
  if (given === '') throw new InputError('{ path } is empty: name a file', 'input-type');
  return given;
}

async function* fileChunks(path: string, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
  try {
    yield* abortableChunks(createReadStream(path, { highWaterMark: READ_BYTES }), signal);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw typeof code === 'string' && /^E[A-Z]+$/.test(code) ? unreadable(path, e as NodeJS.ErrnoException) : e;
  }
}

function unreadable(path: string, e: NodeJS.ErrnoException): InputError {
  const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message);
  return new InputError(`cannot read ${path}: ${why}`, 'input-unreadable', { path, cause: e });
}
