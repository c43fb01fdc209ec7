// A file's first reply compiles the reply check of the whole OpenAPI document (reply-contract.ts): seconds on a busy
// machine, more than jest's 5 s default. Files that need longer still say so with their own jest.setTimeout.
jest.setTimeout(30_000);
