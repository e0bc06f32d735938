// Row-rule findings on extension values that the extension schemas (reference/ext/*.xsd) refuse as
// well: one fault, told once, as the schema error xmllint gives. The schemas constrain few values;
// of those the row rules judge, video's description of more than 2,048 characters (its maxLength).

import type { Finding } from '../types.ts';

/** The row rules' words for a description over the limit (src/rules/extras.ts). */
const LONG_DESCRIPTION = 'description: longer than 2,048 characters';

/** The schema's words for a row rule's finding on the extension element `element`, or null when the schema takes the value. */
export function extensionViolation(f: Pick<Finding, 'code' | 'value'>, element: string | undefined): string | null {
  if (f.code === 'video-invalid' && element?.endsWith(':description>') && f.value === LONG_DESCRIPTION) {
    return `bad value for ${element}: longer than 2,048 characters, the schema's maximum`;
  }
  return null;
}
