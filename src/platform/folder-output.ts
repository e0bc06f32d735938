// A run's files into a folder (`--out-dir`, the Node library's `outDir`), so that no run leaves a
// set that looks finished and is not: the files are written into a hidden staging folder made
// inside the target folder, and moved into place only once the run has succeeded, the index last.
//
// Inside the target, not beside it: a rename within one file system is a move of a name, never a
// copy (the target may be a mount point, its parent another disk), and the run needs no more right
// than to write where its files go (a web root's parent is often not the person's to write).
// The staging folder is new and the run's own (mode 0700), each file created there with O_EXCL,
// which follows no link; moving it into place replaces whatever name was there (a symbolic link
// included) and never writes through it.

import { renameSync, rmSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, rename, rmdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileIdOf, type FileId } from './file-id.ts';
import { cannotWrite, OutputError } from './output-error.ts';

export interface FolderOutput {
  /** The folder's files, in the order given (the `onFile` hook of a run). */
  write(name: string, data: Uint8Array): Promise<void>;
  /** Moves the files into the folder, those `last` picks (the index) after the others; their names. */
  commit(last: (name: string) => boolean): Promise<string[]>;
  /** Lets the run's files go (a run that failed); it also runs, synchronously, if the process exits first. */
  discard(): void;
}

const STAGING = '.sitemill-';

/** Opens `dir` (made when missing) for a run's files; `inputs` are the run's input files, never replaced. */
export async function openFolderOutput(dir: string, inputs: ReadonlySet<FileId>): Promise<FolderOutput> {
  let made: string | undefined;
  let staging: string;
  try {
    made = await mkdir(dir, { recursive: true });
    staging = await mkdtemp(join(dir, STAGING));
  } catch (e) {
    throw cannotWrite(dir, e);
  }
  const names: string[] = [];
  // Synchronous, so it also runs as the process exits on a signal. A folder this run made holds
  // only what the run put there, so it goes too; an existing one keeps what it had.
  // A file whose open is under way as a signal ends the process would appear after the removal:
  // the staging folder is renamed first, so such an open fails instead. Never throws on exit.
  const removeAll = () => {
    try {
      const gone = `${staging}-gone`;
      renameSync(staging, gone);
      rmSync(gone, { recursive: true, force: true, maxRetries: 5 });
      if (made) rmSync(made, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // Nothing more can be done as the process exits; the staging folder's name says what it is.
    }
  };
  process.on('exit', removeAll);
  let done = false;
  const finish = () => {
    done = true;
    process.off('exit', removeAll);
  };

  return {
    async write(name, data) {
      if (basename(name) !== name || name.startsWith('.')) throw new OutputError(`cannot write ${join(dir, name)}: not a plain file name`);
      try {
        const handle = await open(join(staging, name), 'wx', 0o666);
        try {
          for (let at = 0; at < data.length; ) at += (await handle.write(data, at, data.length - at)).bytesWritten;
          await handle.datasync();
        } finally {
          await handle.close();
        }
      } catch (e) {
        throw cannotWrite(join(dir, name), e);
      }
      names.push(name);
    },
    async commit(last) {
      const order = [...names.filter((n) => !last(n)), ...names.filter(last)];
      // Everything that could stop the move is looked at before the first file moves.
      for (const name of order) await mayReplace(join(dir, name), inputs);
      try {
        for (const name of order) await rename(join(staging, name), join(dir, name));
        await rmdir(staging);
      } catch (e) {
        throw cannotWrite(dir, e);
      }
      finish();
      return order;
    },
    discard() {
      if (done) return;
      finish();
      removeAll();
    },
  };
}

/** A name that may be replaced: nothing, a file or link that is not an input; not a folder. */
async function mayReplace(path: string, inputs: ReadonlySet<FileId>): Promise<void> {
  const s = await lstat(path).catch(() => null);
  if (!s) return;
  if (s.isDirectory()) throw new OutputError(`cannot write ${path}: it is a folder`);
  const id = s.isSymbolicLink() ? null : fileIdOf(path);
  if (id && inputs.has(id)) throw new OutputError(`cannot write ${path}: it is one of the inputs, which this run would replace`);
}

/**
 * Runs `run` with its files (its `onFile` hook) going into `dir` as openFolderOutput puts them: in
 * place when the run succeeds, `last` (the index) after the others; gone when it fails.
 */
export async function intoFolder<T>(
  dir: string,
  inputs: ReadonlySet<FileId>,
  last: (name: string) => boolean,
  run: (onFile: (name: string, data: Uint8Array) => Promise<void>) => Promise<T>,
): Promise<T> {
  const folder = await openFolderOutput(dir, inputs);
  try {
    const result = await run((name, data) => folder.write(name, data));
    await folder.commit(last);
    return result;
  } catch (e) {
    folder.discard();
    throw e;
  }
}
