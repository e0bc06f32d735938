// The roles a column can take, grouped for the column mapping's select (SPEC sections 2 and 5).
import { BELONG_ROLES, canonicalHreflang, NEWS_FIELDS, VIDEO_FIELDS } from '../src/browser';
import type { Role } from '../src/types';

export interface RoleGroup {
  label: string;
  roles: Role[];
}

/** The hreflang code a column could carry: its current one, or a valid one its header names (`de-AT`, `x-default`). */
export function hreflangCode(role: Role | undefined, header: string | undefined): string | null {
  if (role?.startsWith('hreflang:')) return role.slice(9);
  const name = header?.trim().replace(/^hreflang\s*:\s*/i, '') ?? '';
  return canonicalHreflang(name) === null ? null : name;
}

/** The groups of roles offered for a column. */
export function roleGroups(role: Role | undefined, header: string | undefined): RoleGroup[] {
  const code = hreflangCode(role, header);
  const groups: RoleGroup[] = [
    { label: 'Sitemap', roles: ['loc', 'lastmod', 'changefreq', 'priority', 'ignore'] },
    // A crawler's columns, also under names no rule reads (an export in another UI language), and a CMS's publication status.
    { label: 'Crawl (leaves rows out)', roles: BELONG_ROLES },
    { label: 'Image', roles: ['image'] },
  ];
  if (code !== null) groups.push({ label: 'Alternate (hreflang)', roles: [`hreflang:${code}`] });
  groups.push({ label: 'News', roles: NEWS_FIELDS.map((f) => `news:${f}` as Role) });
  groups.push({ label: 'Video', roles: VIDEO_FIELDS.map((f) => `video:${f}` as Role) });
  return groups;
}
