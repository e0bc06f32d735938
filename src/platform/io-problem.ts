// Why a file could not be read or written, in words a person reads: the system's code alone
// (`ENOENT`, `ENOSPC`) says little to most.

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  EEXIST: 'it already exists',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'input/output error',
  EPIPE: 'the reading end was closed',
  EROFS: 'the file system is read-only',
  EFBIG: 'the file is too large for this file system',
  ENXIO: 'no such device',
};

/** `no such file or folder (ENOENT)`; the error's message when it has no code. */
export function ioProblem(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (!err?.code) return err?.message ?? String(e);
  return WORDS[err.code] ? `${WORDS[err.code]} (${err.code})` : err.code;
}
