/**
 * The benchmark's list for stable updates: the 1M-row list with 1% of its rows edited, spread evenly
 * (a third lastmods changed, a third removed, a third with a new URL after them), so the run with
 * `--previous` against the original list's zip does all its work: every file holds an edit.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { HOST } from './dataset.ts';

/** Every EDIT_EVERY-th row is edited: 1%. */
const EDIT_EVERY = 100;

export function ensureStableDataset(listPath: string): { path: string; edits: number; rows: number } {
  const path = listPath.replace(/\.csv$/, '-edited.csv');
  const lines = readFileSync(listPath, 'utf8').split('\n');
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
  if (!existsSync(path)) {
    writeFileSync(path + '.tmp', out.join('\n') + '\n');
    renameSync(path + '.tmp', path);
  }
  return { path, edits, rows: out.length - 1 };
}
