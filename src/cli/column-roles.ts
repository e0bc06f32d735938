// --column <name>=<role>: a column's role named on the command line, as the page's column mapping
// gives it: a URL column no name or content reveals (Magento's request_path), or a crawl's column
// under a name no rule reads (an export in another UI language), which a note asks to be named.
// The engine applies it to each input that has such a column (src/input/named-columns.ts).

import { BELONG_ROLES, NEWS_FIELDS, NEWS_OPTIONAL_FIELDS, VIDEO_FIELDS } from '../input/detect.ts';
import { canonicalHreflang } from '../rules/hreflang.ts';
import type { ColumnRole, Role } from '../types.ts';
import { UsageError } from './usage.ts';

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
  if (kind === 'news') return ([...NEWS_FIELDS, ...NEWS_OPTIONAL_FIELDS] as string[]).includes(field);
  if (kind === 'video') return (VIDEO_FIELDS as string[]).includes(field);
  return false;
}
