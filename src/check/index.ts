// The audit as a library. Nothing here needs Node: pass the platform (nodePlatform in Node, the
// browser's in a page or worker) and InputSources (any name + stream of chunks).

export { auditFiles, checkFiles, type Audit } from './check.ts';
export { sitemapRows, RowsOrigin } from './sitemap-rows.ts';
export { isSitemapInput } from './sitemap-input.ts';
export { CHECK_CODES, type CheckCode } from './codes.ts';
export type { CheckOptions, CheckResult, CheckedFile, CheckFinding, FileKind } from './types.ts';
