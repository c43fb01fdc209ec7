import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidObjectKey, type OutputStorage } from './output-storage';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket, without leading or trailing slash; '' for none. */
  prefix: string;
  /** S3_ENDPOINT for MinIO, R2, Ceph; unset for AWS. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Unset = the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** SigV4 pre-signed URLs cannot live longer than 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** Tries of one upload, as many as the SDK makes of any other request, the n-th after n × PUT_RETRY_MS. */
const PUT_ATTEMPTS = 3;
const PUT_RETRY_MS = 250;

/**
 * Whether a failed upload may succeed if sent again: the store did not answer (the connection broke, as a
 * reused keep-alive connection the store had just closed does) or answered 5xx or 429. The SDK retries these
 * itself, except for a request whose body is a stream, as every upload here is.
 */
function isTransient(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 429;
}

/** Objects in an S3-compatible bucket, handed out as pre-signed GET URLs. */
export class S3Storage implements OutputStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      // The SDK's default CRC32 trailers (aws-chunked uploads) are not understood by every
      // S3-compatible store; some then save the chunk framing as the object's content.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (opts.endpoint) config.endpoint = opts.endpoint;
    if (opts.credentials) config.credentials = opts.credentials;
    this.client = new S3Client(config);
  }

  private objectKey(key: string): string {
    assertValidObjectKey(key);
    return this.opts.prefix ? `${this.opts.prefix}/${key}` : key;
  }

  async put(key: string, localPath: string, contentType: string): Promise<{ sizeBytes: number }> {
    const objectKey = this.objectKey(key);
    const { size } = await stat(localPath);
    for (let attempt = 1; ; attempt++) {
      try {
        // One PutObject takes up to 5 GB, above any render this service produces.
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.opts.bucket,
            Key: objectKey,
            Body: createReadStream(localPath),
            ContentLength: size,
            ContentType: contentType,
            CacheControl: 'private',
          }),
        );
        return { sizeBytes: size };
      } catch (error) {
        if (attempt === PUT_ATTEMPTS || !isTransient(error)) throw error;
        await sleep(attempt * PUT_RETRY_MS);
      }
    }
  }

  async copyTo(key: string, localPath: string): Promise<void> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
    if (object.Body === undefined) throw new Error(`object ${key} has no body`);
    await pipeline(object.Body as Readable, createWriteStream(localPath, { mode: 0o600 }));
  }

  async signedUrl(key: string, expiresAt: Date): Promise<string> {
    // SigV4 writes the signing time in whole seconds: signing at the second already begun and counting
    // from it keeps the URL valid until `expiresAt` (counted from now, it could die up to a second early).
    const signingDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const seconds = Math.ceil((expiresAt.getTime() - signingDate.getTime()) / 1000);
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, seconds));
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }), {
      expiresIn,
      signingDate,
    });
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, which keeps this idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }));
  }

  async checkReady(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
  }

  /** Closes the SDK's connection pool (shutdown, tests). */
  destroy(): void {
    this.client.destroy();
  }
}
