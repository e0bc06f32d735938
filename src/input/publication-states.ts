// A CMS's publication status (WordPress's `post_status`, Ghost, Shopify, HubSpot): the states that
// are published, and those that are not, whose rows are left out (`row-unpublished`). A state
// known as neither keeps its row: a guess would lose pages.

// Contentful's `Changed` is a published entry with changes not yet published; Craft's `Expired`
// and `Disabled` entries are not live; a content inventory's `Removed` and `Redirected` pages are gone.
export const PUBLISHED = ['publish', 'published', 'active', 'live', 'public', 'changed'];
export const UNPUBLISHED = [
  'draft', 'auto-draft', 'pending', 'private', 'future', 'scheduled', 'trash', 'trashed', 'unpublished', 'archived', 'inactive', 'hidden', 'deleted',
  'expired', 'disabled', 'removed', 'redirected', 'offline', 'retired', 'unlisted',
];

const STATES = new Set([...PUBLISHED, ...UNPUBLISHED]);
const LEFT_OUT = new Set(UNPUBLISHED);

/** Whether a state (trimmed, any case) says the post is not published. */
export function isUnpublished(state: string): boolean {
  return LEFT_OUT.has(state.trim().toLowerCase());
}

/** Whether a value is a publication state this file knows, published or not. */
export function isPublicationState(value: string): boolean {
  return STATES.has(value.trim().toLowerCase());
}
