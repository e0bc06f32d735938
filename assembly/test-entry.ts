// The test build's entry (build/sitemill-test.wasm): the release exports and the test hooks. The
// release build (index.ts) exports none of the hooks; test/core-boundary.test.ts checks that it does not.

export * from './index';
export * from './test-hooks';
