// Columns whose values say what a crawler's status or content-type column says, under a name no rule
// reads (a crawler's export in another UI language: `Code HTTP`, `Type de contenu`). Their rows are
// not left out by them, so the person hears of it; they are not read as such on a guess, since a
// column misread would leave out pages.

import type { Role } from '../types.ts';

/** Of the values sampled, how many must look so. */
const SHARE = 0.9;
/** Fewer sampled values say nothing. */
const MIN_VALUES = 5;

/** The codes crawlers report, 0 for no response: a count or a size rarely holds only these. */
const STATUS = /^(0|20[0-6]|30[0-8]|40[0-9]|41[0-8]|42[69]|451|50[0-4])$/;
/** `text/html; charset=utf-8`, `image/png`. */
const CONTENT_TYPE = /^(text|image|application|audio|video|font|model|multipart)\/[\w.+-]+\s*(;.*)?$/i;

export interface UnreadColumn {
  column: number;
  role: 'status' | 'content-type';
}

/** The ignored columns of `rows` that look like an unread status or content type, when no column has that role. */
export function unreadDecidingColumns(roles: Role[], rows: string[][]): UnreadColumn[] {
  const found: UnreadColumn[] = [];
  for (const [role, looks] of [['status', STATUS], ['content-type', CONTENT_TYPE]] as const) {
    if (roles.includes(role)) continue;
    const column = roles.findIndex((r, i) => r === 'ignore' && looksLike(rows, i, looks));
    if (column >= 0) found.push({ column, role });
  }
  return found;
}

function looksLike(rows: string[][], column: number, looks: RegExp): boolean {
  const values = rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
  // A column of zeros (conversions, errors) is no status column: most values must be codes proper.
  const proper = values.filter((v) => looks.test(v) && v !== '0').length;
  return values.length >= MIN_VALUES && values.filter((v) => looks.test(v)).length >= SHARE * values.length && proper * 2 >= values.length;
}

const WHAT = { status: 'HTTP status codes', 'content-type': 'content types' } as const;
const KEPT = { status: 'the redirects and errors it shows', 'content-type': 'the images and other files it shows' } as const;
const NAME = { status: 'Status Code', 'content-type': 'Content Type' } as const;

/** The note for one such column. */
export function unreadNote(source: string, header: string, { column, role }: UnreadColumn): string {
  return `${source}: column ${column + 1} (${header.trim()}) holds ${WHAT[role]}, but its name is not one read as such, so ${KEPT[role]} are kept: name it ${NAME[role]}, or give it the ${role} role under Columns in the page`;
}
