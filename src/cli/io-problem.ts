// Why a file could not be read, in words a person reads: the system's code alone (`ENOENT`) says
// little to most.

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
};

/** `no such file or folder (ENOENT)`; the error's message when it has no code. */
export function ioProblem(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (!err?.code) return err?.message ?? String(e);
  return WORDS[err.code] ? `${WORDS[err.code]} (${err.code})` : err.code;
}
