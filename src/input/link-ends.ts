// Exports of links and redirects (a crawler's inlinks, an audit tool's redirect and broken-link
// issues) give each row two URLs: the page that holds a link, and the URL it links to. Their
// status, content type, indexability and canonical describe the linked URL (SPEC 10, round two:
// a column that describes another URL never decides the row). When the URLs read are the pages
// that hold the links, those columns say nothing of them.

import type { Role } from '../types.ts';
import { normalizeName } from './detect.ts';

/** Header names of the linked URL: Screaming Frog's Destination, Semrush's Initial Redirect URL, Ahrefs' Target URL. */
const LINKED = new Set([
  'destination', 'destinationurl', 'initialredirecturl', 'finaldestinationurl', 'redirectlink', 'linkedurl', 'linktarget', 'targeturl', 'brokenlink', 'brokenurl',
  'outlink', 'outgoinglink',
]);

/** The roles that say what a URL answers or is: they belong to the linked URL in a link export. */
const VERDICT_ROLES = new Set<Role>(['status', 'status-text', 'redirect', 'redirect-type', 'content-type', 'indexability', 'indexability-status', 'canonical', 'robots']);

/** Whether a header names a link's other end (its target). */
export function namesLinkedUrl(name: string): boolean {
  return LINKED.has(normalizeName(name));
}

/**
 * `roles` with the verdict columns ignored when the URL column is not the linked URL but a column
 * naming it sits beside it (the page that holds a link, beside the link's target and its status).
 */
export function verdictsOfLinkedUrl(cells: string[], roles: Role[]): Role[] {
  const loc = roles.indexOf('loc');
  if (loc < 0 || namesLinkedUrl(cells[loc] ?? '') || !cells.some((c, i) => i !== loc && namesLinkedUrl(c))) return roles;
  return roles.map((r) => (VERDICT_ROLES.has(r) ? 'ignore' : r));
}
