// The outputs of one `generate` run, opened together before any input is read: the zip (`-o`), the
// folder (`--out-dir`), or both. Committed together at the end, the folder first (its checks come
// before any file moves), or let go together when the run fails.

import { openFolderOutput, type FolderOutput } from '../platform/folder-output.ts';
import { openZipOutput, type ZipOutput } from '../platform/zip-output.ts';
import { fileIdOf, fileIdOfFd, type FileId } from '../platform/file-id.ts';

export interface RunOutputs {
  zip?: ZipOutput;
  folder?: FolderOutput;
  /** Puts the outputs in place; the names moved into the folder (none without one). */
  commit(last: (name: string) => boolean): Promise<string[]>;
  discard(): void;
}

export async function openOutputs(zipPath: string | undefined, outDir: string | undefined, inputs: ReadonlySet<FileId>): Promise<RunOutputs> {
  const zip = zipPath !== undefined ? await openZipOutput(zipPath, inputs) : undefined;
  let folder: FolderOutput | undefined;
  try {
    folder = outDir !== undefined ? await openFolderOutput(outDir, inputs) : undefined;
  } catch (e) {
    zip?.discard();
    throw e;
  }
  return {
    zip,
    folder,
    async commit(last) {
      try {
        const names = (await folder?.commit(last)) ?? [];
        await zip?.commit();
        return names;
      } catch (e) {
        zip?.discard();
        folder?.discard();
        throw e;
      }
    },
    discard() {
      zip?.discard();
      folder?.discard();
    },
  };
}

/** The identities of the files named as inputs, standard input's when it is among them. */
export function inputIds(paths: string[]): Set<FileId> {
  const ids = paths.map((p) => (p === '-' ? fileIdOfFd(0) : fileIdOf(p)));
  return new Set(ids.filter((id): id is FileId => id !== null));
}
