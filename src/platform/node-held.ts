// A zip entry's compressed bytes kept in a temporary file until their place in the zip comes, so a
// run's memory does not grow with its findings: a million findings' report.csv held 26 MB of deflate
// output in memory until the end of the run, and ten million would hold ten times that.

import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HeldBytes } from '../types.ts';

/** Bytes read back at a time. */
const READ = 1 << 20;

/** A holder in a new temporary file, or null when none can be made (the caller keeps the bytes in memory). */
export function heldInTempFile(): HeldBytes | null {
  let dir: string;
  let fd: number;
  try {
    dir = mkdtempSync(join(tmpdir(), 'sitemill-'));
    fd = openSync(join(dir, 'aside'), 'w+', 0o600);
  } catch {
    return null;
  }
  // Out of the folder at once where the system lets an open file go (the file lives on until it is
  // closed): a killed run leaves nothing behind. Elsewhere it goes when it is closed.
  let removed = remove(dir);
  let size = 0;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    closeSync(fd);
    if (!removed) removed = remove(dir);
  };
  return {
    push(chunk) {
      for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at, size + at);
      size += chunk.length;
    },
    *read() {
      try {
        for (let at = 0; at < size; ) {
          // A new buffer each time: the zip's writer may still hold the last one.
          const buffer = new Uint8Array(Math.min(READ, size - at));
          const n = readSync(fd, buffer, 0, buffer.length, at);
          if (n === 0) throw new Error('a temporary file ended before its bytes: it was changed while the run went on');
          at += n;
          yield buffer.subarray(0, n);
        }
      } finally {
        close();
      }
    },
    close,
  };
}

function remove(dir: string): boolean {
  try {
    rmSync(dir, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}
