// A file's identity: its device and inode, so an output is known to be one of the inputs however
// either is named (another path, a symbolic link, a hard link).

import { fstatSync, statSync, type BigIntStats } from 'node:fs';

export type FileId = string;

function idOf(s: BigIntStats): FileId {
  return `${s.dev}:${s.ino}`;
}

/** The identity of what `path` names (links followed); null when nothing is there. */
export function fileIdOf(path: string): FileId | null {
  try {
    return idOf(statSync(path, { bigint: true }));
  } catch {
    return null;
  }
}

/** The identity of an open descriptor's file (standard input, say); null when it has none. */
export function fileIdOfFd(fd: number): FileId | null {
  try {
    return idOf(fstatSync(fd, { bigint: true }));
  } catch {
    return null;
  }
}
