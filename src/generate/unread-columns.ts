// Columns whose values say what a crawler's status, content-type or indexability column says, under
// a name no rule reads (a crawler's export in another UI language: `Code HTTP`, `Type de contenu`).
// Their rows are not left out by them, so the person hears of it; they are not read as such on a
// guess, since a column misread would leave out pages. A column speaks only when its sample holds
// both kinds of value, one that keeps a row and one that would leave it out: a count whose values
// happen to be codes (an event count of 300) rarely does, and a column that would leave nothing out
// needs no word. A CMS dump's publication status (`draft`, `private`) is named the same way: no rule
// reads it, so its unpublished rows are kept unless the export leaves them out.

import { roleOfName } from '../input/detect.ts';
import type { Role } from '../types.ts';

type Kind = 'status' | 'content-type' | 'indexability' | 'publication';

interface Looks {
  /** Every value of such a column. */
  value: RegExp;
  /** A value that keeps the row. */
  keeps: RegExp;
}

/** Of the values sampled, how many must look so. */
const SHARE = 0.9;
/** Fewer sampled values say nothing. */
const MIN_VALUES = 5;

const LOOKS: Record<Kind, Looks> = {
  // The codes crawlers report, 0 for no response.
  status: { value: /^(0|20[0-6]|30[0-8]|40[0-9]|41[0-8]|42[69]|451|50[0-4])$/, keeps: /^2/ },
  // `text/html; charset=utf-8`, `image/png`.
  'content-type': { value: /^(text|image|application|audio|video|font|model|multipart)\/[\w.+-]+\s*(;.*)?$/i, keeps: /^(text\/html|application\/xhtml\+xml|application\/pdf)\s*(;|$)/i },
  indexability: { value: /^(no[nt][\s-]?)?indexable$/i, keeps: /^indexable$/i },
  // WordPress, Ghost, Shopify and HubSpot post and product states.
  publication: { value: /^(publish(ed)?|active|live|draft|auto-draft|pending|private|future|scheduled|trash|unpublished|archived)$/i, keeps: /^(publish(ed)?|active|live)$/i },
};

export interface UnreadColumn {
  column: number;
  role: Kind;
}

/**
 * The ignored columns of `rows` that look like an unread status, content type or indexability, when
 * no column has that role; a column whose name is that role's was set aside by the person, and is
 * left so.
 */
export function unreadDecidingColumns(roles: Role[], header: string[], rows: string[][]): UnreadColumn[] {
  const found: UnreadColumn[] = [];
  for (const role of Object.keys(LOOKS) as Kind[]) {
    if ((roles as string[]).includes(role)) continue;
    const column = roles.findIndex((r, i) => unread(r, role) && roleOfName(header[i] ?? '') !== role && looksLike(rows, i, LOOKS[role]));
    if (column >= 0) found.push({ column, role });
  }
  return found;
}

/** A column no rule reads for what it holds: an ignored one, or for publication states also the one a `Status` name made a crawler's status text. */
function unread(role: Role, kind: Kind): boolean {
  return role === 'ignore' || (kind === 'publication' && role === 'status-text');
}

function looksLike(rows: string[][], column: number, looks: Looks): boolean {
  const values = rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
  if (values.length < MIN_VALUES || values.filter((v) => looks.value.test(v)).length < SHARE * values.length) return false;
  const keeping = values.filter((v) => looks.keeps.test(v)).length;
  return keeping > 0 && keeping < values.length;
}

const WHAT: Record<Kind, string> = { status: 'HTTP status codes', 'content-type': 'content types', indexability: 'indexability verdicts', publication: 'publication states' };
const KEPT: Record<Kind, string> = {
  status: 'the redirects and errors it shows',
  'content-type': 'the images and other files it shows',
  indexability: 'the pages it calls Non-Indexable',
  publication: 'the drafts and other unpublished posts it shows',
};
const NAME: Record<Exclude<Kind, 'publication'>, string> = { status: 'Status Code', 'content-type': 'Content Type', indexability: 'Indexability' };

/** The note for one such column. */
export function unreadNote(source: string, header: string, { column, role }: UnreadColumn): string {
  const at = `${source}: column ${column + 1} (${header.trim()}) holds ${WHAT[role]}`;
  if (role === 'publication') return `${at}, which no rule reads, so ${KEPT[role]} are kept: export only the published ones`;
  return `${at}, but its name is not one read as such, so ${KEPT[role]} are kept: name it ${NAME[role]}, or give it the ${role} role under Columns in the page`;
}
