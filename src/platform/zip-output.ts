// Where the zip goes (`-o`), and how it gets there without leaving anything that looks finished:
// - nothing there yet, or a regular file: written aside (a hidden `.partial` file beside it) and
//   renamed over its place at the end, so a failed or interrupted run leaves the old file or none;
// - a symbolic link: what it points to is written so, and the link stays; a link to nothing is refused;
// - a FIFO, or a character device (`/dev/null`, `/dev/full`): written through, as a shell's `>`
//   would (renaming over it would replace the device or pipe with a plain file);
// - `-`: standard output, written through;
// - a terminal, a block device (a disk), a socket or a folder, or one of the run's inputs: refused.

import { rmSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, rename, stat, type FileHandle } from 'node:fs/promises';
import { constants, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { isatty } from 'node:tty';
import type { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { basename, dirname, join } from 'node:path';
import { fileIdOf, fileIdOfFd, type FileId } from './file-id.ts';
import { cannotWrite, OutputError } from './output-error.ts';

export interface ZipOutput {
  /** The next bytes of the zip, in order; a failure is an OutputError that names the output. */
  write(chunk: Uint8Array): Promise<void>;
  /** After the last bytes: the zip in its place. */
  commit(): Promise<void>;
  /** Lets what was written go (a run that failed). It also runs, synchronously, if the process exits first. */
  discard(): void;
}

/** Opens the zip's output `path` (`-`: standard output); `inputs` are the run's input files, never written over. */
export async function openZipOutput(path: string, inputs: ReadonlySet<FileId>): Promise<ZipOutput> {
  if (path === '-') return toStdout(inputs);
  const place = await placeOf(path);
  const refuse = (why: string) => new OutputError(`cannot write ${path}: ${why}`);
  const s = place.stats;
  if (s?.isDirectory()) throw refuse('it is a folder');
  if (s?.isBlockDevice()) throw refuse('it is a block device (a disk); the zip is not written over one');
  if (s?.isSocket()) throw refuse('it is a socket (for standard output, give -o -)');
  if (s && !s.isCharacterDevice() && inputs.has(fileIdOf(place.path)!)) throw refuse('it is one of the inputs, which the zip would replace');
  if (s?.isFIFO()) return toFifo(place.path, path);
  if (s?.isCharacterDevice()) return toDevice(place.path, path);
  return aside(place.path, path, s);
}

/**
 * The path to write and what is there now (null: nothing). A symbolic link stands for what it points
 * to: a file by its real path (it is renamed over there), anything else by the link, which opening
 * follows (`/dev/stdout` names a pipe that has no path of its own).
 */
async function placeOf(path: string): Promise<{ path: string; stats: Stats | null }> {
  let s: Stats;
  try {
    s = await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { path, stats: null };
    throw cannotWrite(path, e);
  }
  if (!s.isSymbolicLink()) return { path, stats: s };
  try {
    const target = await stat(path);
    return target.isFile() ? { path: await realpath(path), stats: target } : { path, stats: target };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotWrite(path, e);
    throw new OutputError(`cannot write ${path}: it is a symbolic link to ${await readlink(path)}, which does not exist`);
  }
}

/** A regular file: written aside in its folder, renamed over it at the end, with the mode it had. */
async function aside(path: string, shown: string, existing: Stats | null): Promise<ZipOutput> {
  await mkdir(dirname(path), { recursive: true }).catch((e) => {
    throw cannotWrite(shown, e);
  });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
  // 'wx' creates the file or fails: it never follows a link someone left at that name.
  const handle = await open(temp, 'wx').catch((e) => {
    throw cannotWrite(shown, e);
  });
  const removeTemp = () => rmSync(temp, { force: true });
  process.on('exit', removeTemp);
  let done = false;
  const finish = () => {
    done = true;
    process.off('exit', removeTemp);
  };
  const out: ZipOutput = {
    async write(chunk) {
      await writeAll(handle, chunk).catch((e) => {
        throw cannotWrite(shown, e);
      });
    },
    async commit() {
      try {
        if (existing) await handle.chmod(existing.mode & 0o7777);
        // On disk before it takes the name: a crash just after the rename leaves the whole zip, not an empty one.
        await handle.datasync();
        await handle.close();
        await rename(temp, path);
        finish();
      } catch (e) {
        out.discard();
        throw cannotWrite(shown, e);
      }
    },
    discard() {
      if (done) return;
      finish();
      removeTemp();
      handle.close().catch(() => {});
    },
  };
  return out;
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
}

/** A character device: written through; a terminal is refused (a zip is no text to show). */
async function toDevice(path: string, shown: string): Promise<ZipOutput> {
  const handle = await open(path, constants.O_WRONLY).catch((e) => {
    throw cannotWrite(shown, e);
  });
  if (isatty(handle.fd)) {
    await handle.close();
    throw new OutputError(`cannot write ${shown}: it is a terminal; give a file, or - and a pipe`);
  }
  return {
    write: (chunk) =>
      writeAll(handle, chunk).catch((e) => {
        throw cannotWrite(shown, e);
      }),
    commit: () =>
      handle.close().catch((e) => {
        throw cannotWrite(shown, e);
      }),
    discard: () => void handle.close().catch(() => {}),
  };
}

/**
 * A FIFO: opened without blocking (a blocked open would hold one of libuv's threads, which the
 * process waits for as it exits), once a reader has it open, and written as a stream.
 */
async function toFifo(path: string, shown: string): Promise<ZipOutput> {
  let fd: number;
  for (;;) {
    try {
      fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      break;
    } catch (e) {
      // ENXIO: no reader yet; a shell's `>` waits for one too.
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw cannotWrite(shown, e);
      await sleep(50);
    }
  }
  const socket = new Socket({ fd, readable: false, writable: true });
  return streamed(socket, shown, () => new Promise<void>((resolve) => socket.end(resolve)), () => socket.destroy());
}

/** Standard output, which must be no terminal and none of the inputs. */
function toStdout(inputs: ReadonlySet<FileId>): ZipOutput {
  if (process.stdout.isTTY) throw new OutputError('-o - writes the zip to standard output, which is a terminal: redirect it to a file or a pipe');
  const id = fileIdOfFd(1);
  if (id && inputs.has(id)) throw new OutputError('cannot write standard output: it is one of the inputs, which the zip would replace');
  return streamed(process.stdout, 'standard output', async () => {}, () => {});
}

/** A stream written chunk by chunk, each awaited until the system has it: an error (EPIPE) is told at once. */
function streamed(stream: Writable, shown: string, end: () => Promise<void>, destroy: () => void): ZipOutput {
  let failed: unknown;
  // Told through the write's callback too; listened to so that it is no uncaught exception.
  stream.on('error', (e) => (failed ??= e));
  const check = () => {
    if (failed) throw cannotWrite(shown, failed);
  };
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(cannotWrite(shown, failed));
        stream.write(chunk, (e) => (e ? reject(cannotWrite(shown, e)) : resolve()));
      }),
    async commit() {
      check();
      await end();
      check();
    },
    discard: destroy,
  };
}
