import { cpus } from 'node:os';
import { placeProblems } from './place-checks';
import { resolve } from 'node:path';
import { parseSecretsKey } from '../common/secret-box';
import { type PriceList, readPriceListFile } from './price-list';
import { DEFAULT_SUBTITLE_LIMITS, DEFAULT_SUBTITLE_PLAN_LIMITS, type SubtitleLimits, type SubtitlePlanLimits } from './subtitle-limits';

/**
 * The one configuration schema. Every variable is parsed and checked here at
 * boot; a bad value stops the process with a message naming the variable and
 * what it accepts (see docs/configuration.md, which lists the same names).
 */

export const RENDER_ENGINE_SETTINGS = ['auto', 'compositor', 'remotion'] as const;
export type RenderEngineSetting = (typeof RENDER_ENGINE_SETTINGS)[number];
/** The engines themselves: what a render reports it ran on (logs, metrics). */
export type RenderEngineName = Exclude<RenderEngineSetting, 'auto'>;
export type Role = 'all' | 'api' | 'worker';

/**
 * How the worker's Chromium is confined. Remotion always launches the browser
 * with `--no-sandbox --disable-setuid-sandbox --no-zygote`; with `on`, the
 * browser is started through a launcher that drops those three flags, so the
 * renderers run in Chromium's namespace sandbox with a seccomp filter, and,
 * when the worker is root (Chromium refuses to sandbox as root), first becomes
 * `user` with no capabilities. `off` is an operator's explicit choice.
 */
export type ChromiumSandbox = { mode: 'on'; user: string } | { mode: 'off' };

export interface AppConfig {
  role: Role;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key (queues, rate limits): lets deployments share one Redis. */
  redisPrefix: string;
  tlsCert: string | null;
  tlsKey: string | null;
  trustProxy: boolean;
  publicBaseUrl: string;
  storagePublicUrl: string;
  storageUrl: string | null;
  s3Endpoint: string | null;
  s3Region: string;
  s3ForcePathStyle: boolean;
  networkAllowlist: string[];
  webhookRetryScheduleMs: number[];
  progressIntervalMs: number;
  chromiumPath: string;
  /** on (default): renderers in Chromium's namespace sandbox, as CHROMIUM_USER when the worker is root; off: logged at boot. */
  chromiumSandbox: ChromiumSandbox;
  renderConcurrency: number;
  /** auto: the compositor whenever the plan can be expressed, else Remotion; or one engine for every plan. */
  renderEngine: RenderEngineSetting;
  /** Render jobs one worker process runs at once. */
  workerConcurrency: number;
  /** Chunked renders (docs/deploy.md): a timeline longer than `minSeconds` is cut into ranges of about `seconds`. */
  chunking: ChunkingConfig;
  apiKeyPrefix: string;
  keyRotationGraceHours: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  mediaMaxBytes: number;
  /** Largest picture (width x height) of a video or image input: decoding works at the source's size (MEDIA_MAX_PIXELS). */
  mediaMaxPixels: number;
  /** All media of one task together (MEDIA_TASK_MAX_BYTES). */
  mediaTaskMaxBytes: number;
  /** Subtitle files are parsed in memory, so they have limits of their own (docs/security.md). */
  subtitleLimits: SubtitleLimits;
  /** What all subtitle clips of one task may bring to its plan, however many share a file (docs/security.md). */
  subtitlePlanLimits: SubtitlePlanLimits;
  /** Deadline of a task's whole download phase (MEDIA_DOWNLOAD_TIMEOUT_MS), and so of each download in it. */
  mediaDownloadTimeoutMs: number;
  mediaParallelDownloads: number;
  /** HMAC key for local output URLs; unset = a random key kept in DATA_DIR. */
  urlSigningSecret: string | null;
  maxTracks: number;
  maxClipsPerTrack: number;
  maxClips: number;
  shutdownGraceMs: number;
  /** Longest a render may take; unset = 60 s + 20 × the task's estimate. */
  renderTimeoutMs: number | null;
  /** How many worker crashes a render survives before the task fails. */
  renderMaxAttempts: number;
  /** Bull lock of a running job: a worker silent this long (crashed, killed) loses its job to another. */
  bullLockDurationMs: number;
  /** How often each worker looks for jobs whose lock expired (stalled jobs) and queues them again. */
  bullStalledIntervalMs: number;
  /** How often the reaper looks for tasks whose job is gone. */
  reaperIntervalMs: number;
  /** A queued task without a job this old is enqueued again. */
  reaperQueuedGraceMs: number;
  /** A processing task not updated for this long, whose job is not live, is enqueued again. */
  reaperProcessingSilenceMs: number;
  retentionSweepIntervalMs: number;
  bodyLimitBytes: number;
  /** Requests per minute per client IP without a valid key (slows key guessing). */
  unauthenticatedRateLimit: number;
  /** Prices of renders, storage and bandwidth (PRICE_LIST_FILE overrides the defaults; docs/usage.md). */
  priceList: PriceList;
  /** Extra PEM CA file trusted for webhook deliveries (private CAs, tests). */
  webhookCaFile: string | null;
  /** Bearer token that /metrics requires; unset = /metrics refuses every request. */
  metricsToken: string | null;
  /** How often an open task event stream (Server-Sent Events) sends a keep-alive comment. */
  sseHeartbeatMs: number;
  /** Task event streams one API key may hold open at once, across every API process. */
  sseMaxStreamsPerKey: number;
  /** Longest an event stream stays open; then it ends and the client resumes with Last-Event-ID. */
  sseMaxStreamSeconds: number;
  /** Seals webhook secrets and header values at rest (SECRETS_KEY); null = a key kept in DATA_DIR (refused with DATABASE_URL). */
  secretsKey: Buffer | null;
  /** Keys that still open what they sealed, during a rotation (SECRETS_KEY_PREVIOUS); they never seal. */
  secretsKeyPrevious: Buffer[];
}

export interface ChunkingConfig {
  minSeconds: number;
  seconds: number;
  /** Chunk jobs one worker process renders at once, beside its WORKER_CONCURRENCY render jobs. */
  perWorker: number;
  /** Chunks of one task queued or rendering at once: a long task leaves room in the queue for others. */
  perTask: number;
  /** Worker processes that must be serving chunks for a render to be split: one worker alone renders faster whole. */
  minWorkers: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  matching(name: string, fallback: string, pattern: RegExp, accepted: string): string {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (pattern.test(value)) return value;
    this.problems.push(`${name}=${JSON.stringify(value)} is not accepted; use ${accepted}`);
    return fallback;
  }

  optional(name: string): string | null {
    return this.raw(name) ?? null;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name}=${JSON.stringify(value)} is not accepted; use one of: ${allowed.join(', ')}`);
    return fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || parsed < min || parsed > max) {
      this.problems.push(`${name}=${JSON.stringify(value)} is not accepted; use a whole number from ${min} to ${max}`);
      return fallback;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    this.problems.push(`${name}=${JSON.stringify(value)} is not accepted; use true or false`);
    return fallback;
  }

  list(name: string): string[] {
    const value = this.raw(name);
    return value === undefined
      ? []
      : value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
  }

  integerList(name: string, fallback: number[], minLength: number): number[] {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const items = value.split(',').map((item) => item.trim());
    if (items.length < minLength || items.some((item) => !/^\d+$/.test(item))) {
      this.problems.push(`${name}=${JSON.stringify(value)} is not accepted; use at least ${minLength} comma-separated whole numbers of milliseconds`);
      return fallback;
    }
    return items.map(Number);
  }

  url(name: string, protocols: string[]): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    try {
      const parsed = new URL(value);
      if (protocols.includes(parsed.protocol)) return value.replace(/\/+$/, '');
    } catch {
      /* reported below */
    }
    this.problems.push(`${name} is not accepted; use a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return null;
  }
}

/** Where the service listens and stores, and what it connects to. */
type Places = Pick<
  AppConfig,
  | 'role'
  | 'host'
  | 'port'
  | 'dataDir'
  | 'databaseUrl'
  | 'redisUrl'
  | 'redisPrefix'
  | 'tlsCert'
  | 'tlsKey'
  | 'trustProxy'
  | 'publicBaseUrl'
  | 'storagePublicUrl'
  | 'storageUrl'
  | 's3Endpoint'
  | 's3Region'
  | 's3ForcePathStyle'
>;

function readPlaces(read: Reader): Places {
  const host = read.string('HOST', '0.0.0.0');
  const port = read.integer('PORT', 8443, 0, 65535);
  const trustProxy = read.boolean('TRUST_PROXY', false);
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  const storageUrl = read.url('STORAGE_URL', ['s3:']);
  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const derivedBase = `https://${publicHost}:${port}`;
  const publicBaseUrl = read.url('PUBLIC_BASE_URL', ['https:', 'http:']) ?? derivedBase;
  return {
    role: read.oneOf('ROLE', ['all', 'api', 'worker'] as const, 'all'),
    host,
    port,
    dataDir: resolve(read.string('DATA_DIR', './data')),
    databaseUrl,
    redisUrl,
    redisPrefix: read.string('REDIS_PREFIX', 'render'),
    tlsCert: read.optional('TLS_CERT'),
    tlsKey: read.optional('TLS_KEY'),
    trustProxy,
    publicBaseUrl,
    storagePublicUrl: read.url('STORAGE_PUBLIC_URL', ['https:', 'http:']) ?? publicBaseUrl,
    storageUrl,
    s3Endpoint: read.url('S3_ENDPOINT', ['http:', 'https:']),
    s3Region: read.string('S3_REGION', 'us-east-1'),
    s3ForcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', false),
  };
}

/** What one task's media may be: files, downloads, subtitle files and what their cues bring to its plan (docs/security.md). */
function readMediaLimits(
  read: Reader,
): Pick<
  AppConfig,
  'mediaMaxBytes' | 'mediaMaxPixels' | 'mediaTaskMaxBytes' | 'subtitleLimits' | 'subtitlePlanLimits' | 'mediaDownloadTimeoutMs' | 'mediaParallelDownloads'
> {
  return {
    mediaMaxBytes: read.integer('MEDIA_MAX_BYTES', 2 * 1024 ** 3, 1, Number.MAX_SAFE_INTEGER),
    // 50 megapixels: 8K video (33 MP) and the 48-50 MP photos of today's phones pass.
    mediaMaxPixels: read.integer('MEDIA_MAX_PIXELS', 50_000_000, 1, Number.MAX_SAFE_INTEGER),
    mediaTaskMaxBytes: read.integer('MEDIA_TASK_MAX_BYTES', 10 * 1024 ** 3, 1, Number.MAX_SAFE_INTEGER),
    subtitleLimits: {
      maxBytes: read.integer('MAX_SUBTITLE_BYTES', DEFAULT_SUBTITLE_LIMITS.maxBytes, 1_024, 64 * 1024 ** 2),
      maxCues: read.integer('MAX_SUBTITLE_CUES', DEFAULT_SUBTITLE_LIMITS.maxCues, 1, 1_000_000),
      maxLines: read.integer('MAX_SUBTITLE_LINES', DEFAULT_SUBTITLE_LIMITS.maxLines, 1, 10_000_000),
    },
    subtitlePlanLimits: {
      maxCues: read.integer('MAX_TASK_SUBTITLE_CUES', DEFAULT_SUBTITLE_PLAN_LIMITS.maxCues, 1, 1_000_000),
      maxChars: read.integer('MAX_TASK_SUBTITLE_CHARS', DEFAULT_SUBTITLE_PLAN_LIMITS.maxChars, 1, 100_000_000),
      maxCueChars: read.integer('MAX_SUBTITLE_CUE_CHARS', DEFAULT_SUBTITLE_PLAN_LIMITS.maxCueChars, 1, 1_000_000),
      maxCuesAtOnce: read.integer('MAX_SUBTITLE_CUES_AT_ONCE', DEFAULT_SUBTITLE_PLAN_LIMITS.maxCuesAtOnce, 1, 10_000),
      maxWords: read.integer('MAX_TASK_CAPTION_WORDS', DEFAULT_SUBTITLE_PLAN_LIMITS.maxWords, 1, 10_000_000),
    },
    mediaDownloadTimeoutMs: read.integer('MEDIA_DOWNLOAD_TIMEOUT_MS', 600_000, 100, 3_600_000),
    mediaParallelDownloads: read.integer('MEDIA_PARALLEL_DOWNLOADS', 4, 1, 64),
  };
}

/**
 * The event streams' lifetime, and the keys that seal webhook credentials at rest
 * (docs/security.md, "Secrets at rest"). A refusal never repeats a key.
 */
function readStreamLifetimeAndSecrets(read: Reader): Pick<AppConfig, 'sseMaxStreamSeconds' | 'secretsKey' | 'secretsKeyPrevious'> {
  const accepted = 'use 32 random bytes written as base64 or hex (openssl rand -base64 32)';
  const text = read.optional('SECRETS_KEY');
  const secretsKey = text === null ? null : parseSecretsKey(text);
  if (text !== null && secretsKey === null) read.problems.push(`SECRETS_KEY is not accepted; ${accepted}`);
  const secretsKeyPrevious: Buffer[] = [];
  read.list('SECRETS_KEY_PREVIOUS').forEach((item, index) => {
    const key = parseSecretsKey(item);
    if (key) secretsKeyPrevious.push(key);
    else read.problems.push(`SECRETS_KEY_PREVIOUS is not accepted (key ${index + 1}); ${accepted}, comma-separated`);
  });
  return { sseMaxStreamSeconds: read.integer('SSE_MAX_STREAM_SECONDS', 3_600, 1, 86_400), secretsKey, secretsKeyPrevious };
}

/** The rules that tie one variable to another or to a format the Reader cannot check alone. */
function checkCombinations(config: AppConfig, problems: string[]): void {
  if (!!config.tlsCert !== !!config.tlsKey) {
    problems.push('TLS_CERT and TLS_KEY go together; set both (PEM file paths) or neither');
  }
  if (config.urlSigningSecret !== null && Buffer.byteLength(config.urlSigningSecret) < 16) {
    problems.push('URL_SIGNING_SECRET is not accepted; use at least 16 bytes of random text (the same on every node)');
  }
  if (config.metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(config.metricsToken)) {
    problems.push('METRICS_TOKEN is not accepted; use at least 16 printable ASCII characters without spaces (it is sent as a bearer token)');
  }
  if (config.storageUrl && !/^s3:\/\/[^/]+/.test(config.storageUrl)) {
    problems.push('STORAGE_URL is not accepted; use s3://bucket or s3://bucket/prefix');
  }
  problems.push(...placeProblems(config));
}

export function loadConfig(env: Env = process.env): AppConfig {
  const read = new Reader(env);
  const config: AppConfig = {
    ...readPlaces(read),
    networkAllowlist: read.list('NETWORK_ALLOWLIST'),
    webhookRetryScheduleMs: read.integerList('WEBHOOK_RETRY_SCHEDULE_MS', [30_000, 120_000, 480_000, 1_920_000, 7_680_000], 5),
    progressIntervalMs: read.integer('PROGRESS_INTERVAL_MS', 30_000, 0, 3_600_000),
    chromiumPath: read.string('CHROMIUM_PATH', '/usr/lib/chromium/chromium-headless-shell'),
    chromiumSandbox:
      read.oneOf('CHROMIUM_SANDBOX', ['on', 'off'] as const, 'on') === 'on'
        ? { mode: 'on', user: read.matching('CHROMIUM_USER', 'nobody', /^[a-z_][a-z0-9_-]{0,31}$/, 'a system user name such as nobody or render') }
        : { mode: 'off' },
    renderConcurrency: read.integer('RENDER_CONCURRENCY', Math.max(1, cpus().length), 1, 64),
    renderEngine: read.oneOf('RENDER_ENGINE', RENDER_ENGINE_SETTINGS, 'auto'),
    workerConcurrency: read.integer('WORKER_CONCURRENCY', 1, 1, 16),
    chunking: {
      minSeconds: read.integer('CHUNK_MIN_SECONDS', 30, 1, 86_400),
      seconds: read.integer('CHUNK_SECONDS', 15, 1, 3_600),
      perWorker: read.integer('CHUNK_CONCURRENCY', 1, 1, 16),
      perTask: read.integer('CHUNKS_PER_TASK', 4, 1, 256),
      minWorkers: read.integer('CHUNK_MIN_WORKERS', 2, 1, 1_000),
    },
    apiKeyPrefix: read.string('API_KEY_PREFIX', 'rsk'),
    keyRotationGraceHours: read.integer('KEY_ROTATION_GRACE_HOURS', 24, 0, 24 * 90),
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    ...readMediaLimits(read),
    urlSigningSecret: read.optional('URL_SIGNING_SECRET'),
    maxTracks: read.integer('MAX_TRACKS', 50, 1, 10_000),
    maxClipsPerTrack: read.integer('MAX_CLIPS_PER_TRACK', 200, 1, 100_000),
    maxClips: read.integer('MAX_CLIPS', 500, 1, 1_000_000),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 30_000, 0, 3_600_000),
    renderTimeoutMs: read.optional('RENDER_TIMEOUT_MS') === null ? null : read.integer('RENDER_TIMEOUT_MS', 0, 1_000, 86_400_000),
    renderMaxAttempts: read.integer('RENDER_MAX_ATTEMPTS', 3, 1, 20),
    bullLockDurationMs: read.integer('BULL_LOCK_DURATION_MS', 30_000, 1_000, 600_000),
    bullStalledIntervalMs: read.integer('BULL_STALLED_INTERVAL_MS', 15_000, 500, 600_000),
    reaperIntervalMs: read.integer('REAPER_INTERVAL_MS', 30_000, 500, 3_600_000),
    reaperQueuedGraceMs: read.integer('REAPER_QUEUED_GRACE_MS', 30_000, 1_000, 86_400_000),
    reaperProcessingSilenceMs: read.integer('REAPER_PROCESSING_SILENCE_MS', 120_000, 1_000, 86_400_000),
    retentionSweepIntervalMs: read.integer('RETENTION_SWEEP_INTERVAL_MS', 600_000, 100, 86_400_000),
    bodyLimitBytes: read.integer('BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    webhookCaFile: read.optional('WEBHOOK_CA_FILE'),
    metricsToken: read.optional('METRICS_TOKEN'),
    sseHeartbeatMs: read.integer('SSE_HEARTBEAT_MS', 15_000, 100, 300_000),
    sseMaxStreamsPerKey: read.integer('SSE_MAX_STREAMS_PER_KEY', 5, 1, 1_000),
    ...readStreamLifetimeAndSecrets(read),
    priceList: readPriceListFile(read.optional('PRICE_LIST_FILE'), read.problems),
    unauthenticatedRateLimit: read.integer('UNAUTHENTICATED_RATE_LIMIT', 600, 1, 1_000_000),
  };
  checkCombinations(config, read.problems);
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/** Nest injection token for the loaded AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
