// Which sitemap files a server must receive after a run: with a previous set, those added or
// changed (SPEC section 11); without one, all of them. Kept apart from the zip code, for the page.

import type { Summary } from '../types.ts';

/** The sitemap files of a run that a server must receive: those added or changed against the previous set. */
export function filesToUpload(summary: Pick<Summary, 'changes' | 'files'>): string[] {
  if (!summary.changes) return summary.files.map((f) => f.name);
  return summary.changes.filter((c) => c.change === 'added' || c.change === 'changed').map((c) => c.name);
}
