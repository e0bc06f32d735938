/**
 * The benchmark's lists for stable updates: the 1M-row list with 1% of its rows edited, in two ways.
 * Spread evenly (a third lastmods changed, a third removed, a third with a new URL after them), the
 * run with `--previous` against the original list's zip does all its work: every file holds an edit
 * and is written again. Among the newest rows (half the edits a changed lastmod in the last 10,000
 * rows, half new URLs at the end), as a site that publishes and updates recent pages changes: the
 * files of older rows are unchanged, and copied.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { HOST } from './dataset.ts';

/** Every EDIT_EVERY-th row is edited: 1%. */
const EDIT_EVERY = 100;

export function ensureStableDataset(listPath: string): { path: string; edits: number; rows: number } {
  return written(listPath.replace(/\.csv$/, '-edited.csv'), spreadEdits(readFileSync(listPath, 'utf8').split('\n')));
}

export function ensureRecentEditsDataset(listPath: string): { path: string; edits: number; rows: number } {
  return written(listPath.replace(/\.csv$/, '-recent-edits.csv'), recentEdits(readFileSync(listPath, 'utf8').split('\n')));
}

function written(path: string, made: { out: string[]; edits: number }): { path: string; edits: number; rows: number } {
  if (!existsSync(path)) {
    writeFileSync(path + '.tmp', made.out.join('\n') + '\n');
    renameSync(path + '.tmp', path);
  }
  return { path, edits: made.edits, rows: made.out.length - 1 };
}

/** Every EDIT_EVERY-th row edited: a lastmod changed, the row removed, or a new URL after it, in turn. */
function spreadEdits(lines: string[]): { out: string[]; edits: number } {
  const header = lines[0];
  let edits = 0;
  const out: string[] = [header];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    if (i % EDIT_EVERY !== 0) {
      out.push(line);
      continue;
    }
    edits++;
    const kind = (i / EDIT_EVERY) % 3;
    if (kind === 0) {
      const [loc, , ...rest] = line.split(',');
      out.push([loc, '2025-12-31', ...rest].join(','));
    } else if (kind === 2) {
      out.push(line, `${HOST}/new/${i},2025-12-31,daily,0.5`);
    }
  }
  return { out, edits };
}

/** As many edits among the newest rows: every other lastmod of the last N rows changed, then new URLs up to N edits. */
function recentEdits(lines: string[]): { out: string[]; edits: number } {
  const rows = lines.slice(1).filter((l) => l !== '');
  const edits = Math.floor(rows.length / EDIT_EVERY);
  const from = rows.length - edits;
  const out = [lines[0]];
  let changed = 0;
  rows.forEach((line, i) => {
    if (i < from || (i - from) % 2 !== 0) return void out.push(line);
    const [loc, , ...rest] = line.split(',');
    out.push([loc, '2025-12-31', ...rest].join(','));
    changed++;
  });
  for (let k = 0; k < edits - changed; k++) out.push(`${HOST}/new/${k},2025-12-31,daily,0.5`);
  return { out, edits };
}
