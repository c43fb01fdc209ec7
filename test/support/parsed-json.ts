/**
 * A value parsed from JSON (a response body, ffprobe's output, a request body a
 * test bends out of shape). Typed `any` on purpose, in this one place: the test
 * checks it with expect() at run time, where a static type would only be a cast
 * (see the tests' rules in eslint.config.mjs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one named exception, explained above
export type ParsedJson = any;
