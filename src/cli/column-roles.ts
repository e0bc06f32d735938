// --column <name>=<role>: a column's role named on the command line, as the page's column mapping
// gives it: a URL column no name or content reveals (Magento's request_path), or a crawl's column
// under a name no rule reads (an export in another UI language), which a note asks to be named.

import { inspect } from '../generate/inspect.ts';
import { BELONG_ROLES, NEWS_FIELDS, VIDEO_FIELDS } from '../input/detect.ts';
import { canonicalHreflang } from '../rules/hreflang.ts';
import type { InputSource, Options, Platform, Role } from '../types.ts';
import { UsageError } from './usage.ts';

export interface ColumnRole {
  /** The column's header (any case), or its number from 1. */
  column: string;
  role: Role;
}

const PLAIN_ROLES: readonly string[] = ['loc', 'lastmod', 'changefreq', 'priority', 'ignore', 'image', ...BELONG_ROLES];

/** `Handle=loc`, `Codice di risposta=status`: split at the last `=`, the role checked. */
export function parseColumnRole(arg: string): ColumnRole {
  const at = arg.lastIndexOf('=');
  const column = at > 0 ? arg.slice(0, at).trim() : '';
  const role = at > 0 ? arg.slice(at + 1).trim() : '';
  if (!column || !role) throw new UsageError(`--column takes <column>=<role> (Handle=loc), not ${arg}`);
  if (!isRole(role)) {
    throw new UsageError(`--column ${arg}: ${role} is no role; the roles are ${PLAIN_ROLES.join(', ')}, hreflang:<code>, news:<field>, video:<field>`);
  }
  return { column, role };
}

function isRole(role: string): role is Role {
  if (PLAIN_ROLES.includes(role)) return true;
  const [kind, field] = [role.slice(0, role.indexOf(':')), role.slice(role.indexOf(':') + 1)];
  if (kind === 'hreflang') return canonicalHreflang(field) !== null;
  if (kind === 'news') return (NEWS_FIELDS as string[]).includes(field);
  if (kind === 'video') return (VIDEO_FIELDS as string[]).includes(field);
  return false;
}

/**
 * The roles of the input's columns, as detected, with those named put in. The roles apply to every
 * input by position, so they are the columns of one input.
 */
export async function rolesWithColumns(source: InputSource, given: ColumnRole[], platform: Platform, options: Partial<Options>): Promise<Role[]> {
  const shown = await inspect(source, platform, options);
  if (shown.fromSitemap) throw new UsageError(`--column maps a list's columns, and ${source.name} is a sitemap or feed, whose columns are its elements`);
  const roles = [...shown.roles];
  const header = shown.header ?? [];
  for (const { column, role } of given) {
    const byName = header.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase());
    const at = byName >= 0 ? byName : /^\d+$/.test(column) ? Number(column) - 1 : -1;
    const width = Math.max(header.length, roles.length, ...shown.rows.map((r) => r.length));
    if (at < 0 || at >= width) {
      const names = header.length ? `its columns are ${header.map((h) => `"${h}"`).join(', ')}` : `it has no header: name a column by its number, 1 to ${width}`;
      throw new UsageError(`--column ${column}=${role}: ${source.name} has no column ${/^\d+$/.test(column) ? column : `named "${column}"`}; ${names}`);
    }
    while (roles.length <= at) roles.push('ignore');
    // One column a role, as the mapping has it: the column that had it before gives it up.
    if (role !== 'ignore' && role !== 'image') for (let i = 0; i < roles.length; i++) if (roles[i] === role) roles[i] = 'ignore';
    roles[at] = role;
  }
  return roles;
}
