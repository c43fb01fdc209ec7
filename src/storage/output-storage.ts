/**
 * Where finished renders go. Keys are relative object names such as
 * `<account_id>/<task_id>/video.mp4`; both adapters hand out time-limited URLs.
 */
export interface OutputStorage {
  readonly kind: 'local' | 's3';
  put(key: string, localPath: string, contentType: string): Promise<{ sizeBytes: number }>;
  /** Copies an object to a local file (the chunks of a chunked render, joined by another worker). */
  copyTo(key: string, localPath: string): Promise<void>;
  signedUrl(key: string, expiresAt: Date): Promise<string>;
  /** Idempotent: deleting a missing object is not an error (the retention sweep may run twice). */
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be written (readiness probe, start-up check). */
  checkReady(): Promise<void>;
}

/** Nest injection tokens; the lead's module binds them with `createOutputStorage` and a `UrlSigner`. */
export const OUTPUT_STORAGE = Symbol('OUTPUT_STORAGE');
export const URL_SIGNER = Symbol('URL_SIGNER');

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * True for keys made only of safe path segments: no `..`, no empty or hidden
 * segments, no backslashes or percent signs, so a key maps to exactly one file
 * inside the storage root and one object in the bucket.
 */
export function isValidObjectKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && key.split('/').every((segment) => SEGMENT.test(segment) && segment.length <= 255);
}

export function assertValidObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}
