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

/**
 * The state of a fix's validation in Search Console (`Pending`, `Failed`, `Passed`, `Started`), in the
 * UI languages its drill-downs are most often exported in. It says how Google's check of a fix goes,
 * never whether the page is published.
 */
const VALIDATION_STATES = new Set([
  'pending', 'failed', 'passed', 'started', 'not started',
  'ausstehend', 'fehlgeschlagen', 'bestanden', 'gestartet', 'nicht gestartet',
  'en attente', 'échec', 'échoué', 'réussi', 'réussie', 'commencé', 'démarré', 'non commencé',
  'pendiente', 'no superada', 'superada', 'fallida', 'iniciada', 'no iniciada', 'aprobada',
  'pendente', 'falhou', 'com falha', 'aprovada', 'aprovado', 'iniciada', 'não iniciada',
  'in attesa', 'non superata', 'superata', 'non riuscita', 'iniziata', 'non iniziata',
  'in behandeling', 'mislukt', 'geslaagd', 'gestart', 'niet gestart',
  'oczekuje', 'nieudana', 'zaliczona', 'rozpoczęta',
  'đang chờ xử lý', 'không đạt', 'đạt', 'đã bắt đầu', 'chưa bắt đầu',
  '保留中', '失敗', '合格', '不合格', '開始', '開始済み', '未開始',
]);

/** Whether a value is a validation state of Search Console's (a fix's check), any case. */
export function isValidationState(value: string): boolean {
  return VALIDATION_STATES.has(value.trim().toLowerCase());
}
