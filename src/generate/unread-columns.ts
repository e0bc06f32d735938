// Columns whose values say what a crawler's status, content-type, indexability or canonical column says, under
// a name no rule reads (a crawler's export in another UI language: `Code HTTP`, `Type de contenu`).
// Their rows are not left out by them, so the person hears of it; they are not read as such on a
// guess, since a column misread would leave out pages. A column speaks only when its sample holds
// both kinds of value, one that keeps a row and one that would leave it out: a count whose values
// happen to be codes (an event count of 300) rarely does, and a column that would leave nothing out
// needs no word. So is a CMS dump's publication status (`draft`, `private`) under another name.

import { roleOfName } from '../input/detect.ts';
import { isPublicationState, isUnpublished } from '../input/publication-states.ts';
import type { Role } from '../types.ts';

type Kind = 'status' | 'content-type' | 'indexability' | 'publication' | 'canonical' | 'indexability-status';

interface Looks {
  /** Every value of such a column. */
  value: { test(value: string): boolean };
  /** A value that keeps the row. */
  keeps: { test(value: string): boolean };
}

/** Of the values sampled, how many must look so. */
const SHARE = 0.9;
/** Fewer sampled values say nothing (two do when they are of both kinds: a 200 and a 404). */
const MIN_VALUES = 2;

const LOOKS: Record<Exclude<Kind, 'canonical' | 'indexability-status'>, Looks> = {
  // The codes crawlers report, 0 for no response.
  status: { value: /^(0|20[0-6]|30[0-8]|40[0-9]|41[0-8]|42[69]|451|50[0-4])$/, keeps: /^2/ },
  // `text/html; charset=utf-8`, `image/png`.
  'content-type': { value: /^(text|image|application|audio|video|font|model|multipart)\/[\w.+-]+\s*(;.*)?$/i, keeps: /^(text\/html|application\/xhtml\+xml|application\/pdf)\s*(;|$)/i },
  // In the UI languages crawlers export in: Indexable, Indicizzabile, Indexável, Indexeerbaar, Indeksowalny, インデックス可能…
  indexability: {
    value: /^(?:(?:no[nt][\s-]?|no\s)?indexable|(?:nicht\s)?indexierbar|(?:non\s)?indicizzabile|(?:não\s)?indexável|(?:niet\s)?indexeerbaar|(?:nie)?indeksowalny|インデックス(?:可能|不可))$/i,
    keeps: /^(?:indexable|indexierbar|indicizzabile|indexável|indexeerbaar|indeksowalny|インデックス可能)$/i,
  },
  publication: { value: { test: isPublicationState }, keeps: { test: (v: string) => !isUnpublished(v) } },
};

export interface UnreadAt {
  column: number;
  role: Kind;
}

/**
 * The ignored columns of `rows` that look like an unread status, content type, indexability (and the
 * reasons beside it), canonical or publication status, when no column has that role; a column whose
 * name is that role's was set aside by the person, and is left so.
 */
export function unreadDecidingColumns(roles: Role[], header: string[], rows: string[][]): UnreadAt[] {
  const found: UnreadAt[] = [];
  const unread = (role: Kind, looks: (column: number) => boolean) => {
    if (roles.includes(role)) return;
    const column = roles.findIndex((r, i) => r === 'ignore' && roleOfName(header[i] ?? '') !== role && looks(i));
    if (column >= 0) found.push({ column, role });
  };
  for (const role of Object.keys(LOOKS) as (keyof typeof LOOKS)[]) unread(role, (i) => looksLike(rows, i, LOOKS[role]));
  const loc = roles.indexOf('loc');
  if (loc >= 0) unread('canonical', (i) => looksCanonical(rows, i, loc));
  // The reasons beside the verdicts (Screaming Frog's Indexability Status follows its Indexability).
  const verdicts = roles.includes('indexability') ? roles.indexOf('indexability') : found.find((f) => f.role === 'indexability')?.column ?? -1;
  if (verdicts >= 0) unread('indexability-status', (i) => i === verdicts + 1 && looksLikeReasons(rows, verdicts, i));
  return found;
}

/** Reasons for verdicts: empty beside a verdict that keeps the row, words beside one that does not. */
function looksLikeReasons(rows: string[][], verdicts: number, column: number): boolean {
  const pairs = rows.map((r) => [(r[verdicts] ?? '').trim(), (r[column] ?? '').trim()]).filter(([v]) => LOOKS.indexability.value.test(v));
  const given = pairs.filter(([, why]) => why !== '').length;
  const agree = pairs.filter(([v, why]) => LOOKS.indexability.keeps.test(v) === (why === '')).length;
  return given > 0 && pairs.length >= MIN_VALUES && agree >= SHARE * pairs.length;
}

/**
 * A canonical column: URLs, some of them the row's own (a page that is its own canonical) and some
 * another's. A redirect target is never the row's own URL, and a column that repeats the address
 * (an encoded address) never names another.
 */
function looksCanonical(rows: string[][], column: number, loc: number): boolean {
  const pairs = rows.map((r) => [(r[column] ?? '').trim(), (r[loc] ?? '').trim()]).filter(([v]) => v !== '');
  if (pairs.length < MIN_VALUES || pairs.filter(([v]) => /^https?:\/\/\S+$/i.test(v)).length < SHARE * pairs.length) return false;
  const own = pairs.filter(([v, url]) => v === url).length;
  return own > 0 && own < pairs.length;
}

function looksLike(rows: string[][], column: number, looks: Looks): boolean {
  const values = rows.map((r) => (r[column] ?? '').trim()).filter((v) => v !== '');
  if (values.length < MIN_VALUES || values.filter((v) => looks.value.test(v)).length < SHARE * values.length) return false;
  const keeping = values.filter((v) => looks.keeps.test(v)).length;
  return keeping > 0 && keeping < values.length;
}

const WHAT: Record<Kind, string> = {
  status: 'HTTP status codes',
  'content-type': 'content types',
  indexability: 'indexability verdicts',
  publication: 'publication states',
  canonical: 'canonical URLs',
  'indexability-status': 'the reasons for the indexability verdicts beside it',
};
const KEPT: Record<Kind, string> = {
  status: 'the redirects and errors it shows',
  'content-type': 'the images and other files it shows',
  indexability: 'the pages it calls Non-Indexable',
  publication: 'the drafts and other unpublished posts it shows',
  canonical: 'the pages it gives another canonical URL',
  'indexability-status': 'the reasons are not in the report, which gives the verdict alone',
};
const NAME: Record<Kind, string> = { status: 'Status Code', 'content-type': 'Content Type', indexability: 'Indexability', publication: 'Post Status', canonical: 'Canonical', 'indexability-status': 'Indexability Status' };

/** The note for one such column. */
export function unreadNote(source: string, header: string, { column, role }: UnreadAt): string {
  const what = role === 'indexability-status' ? KEPT[role] : `${KEPT[role]} are kept`;
  return `${source}: column ${column + 1} (${header.trim()}) holds ${WHAT[role]}, but its name is not one read as such, so ${what}: name it ${NAME[role]}, or give it the ${role} role (--column "${header.trim()}=${role}" on the command line, under Columns in the page)`;
}
