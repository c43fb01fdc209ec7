// s3rver ships no type declarations: the part the tests use (an S3-protocol
// server on a local port, for the S3 storage adapter and the scale-out tests).
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { address: string; port: number; silent: boolean; directory: string });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
