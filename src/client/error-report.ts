/**
 * What the CLI prints when something fails: the code and message first (one
 * line a script can match), then everything a person needs to act: each
 * problem the service listed (field path, what is wrong, the value sent), the
 * request id to quote, and a hint for the failures people meet most.
 */

/** Exit codes of render-cli, one per failure class (docs/client.md). */
export const EXIT = {
  ok: 0,
  /** The service refused the request (an API error code). */
  refused: 1,
  /** Nothing was sent: bad flags, unreadable or invalid files, missing URL or key. */
  usage: 2,
  /** The service could not be reached (connection, TLS, timeout). */
  unreachable: 3,
  /** The task ended failed or canceled while the CLI waited for it. */
  taskFailed: 4,
} as const;

export interface FailureFacts {
  code: string;
  message: string;
  details?: unknown;
  requestId?: string | null;
  retryAfterSeconds?: number | null;
}

/** Hints for the codes people meet most, in words that say what to do next. */
const HINTS: Readonly<Record<string, string>> = {
  MISSING_AUTHENTICATION: 'set RENDER_API_KEY (or --api-key); `npm start` prints a development key',
  INVALID_API_KEY: 'the key is unknown or revoked: check RENDER_API_KEY, or issue one with `npm run keys` (docs/auth.md)',
  VALIDATION_ERROR: 'fix the fields listed above; docs/api-validation.md gives every bound and allowed value',
  INVALID_FONT: 'font_family takes one of the font keys in docs/fonts.md',
  TIMELINE_TOO_COMPLEX: 'split the timeline into several tasks: the limits are in docs/api-validation.md',
  PAYLOAD_TOO_LARGE: 'the body is larger than the service accepts (BODY_LIMIT_BYTES, 1 MiB by default)',
  QUOTA_EXCEEDED: 'the monthly render quota of this key is used up: `render-cli usage` shows it',
  INSUFFICIENT_CREDITS: 'the account has no credits left for this render: `render-cli usage` shows the balance',
  MODEL_LIMIT_EXCEEDED: '`render-cli models` lists what each model allows (size, duration, formats)',
  TASK_NOT_FOUND: 'check the task id; a task of another account is not visible to this key',
  MEDIA_DOWNLOAD_FAILED:
    'every media URL must be reachable from the service; private and loopback addresses are ' +
    'refused unless NETWORK_ALLOWLIST lets them through (docs/configuration.md)',
  INVALID_MEDIA_FORMAT: 'the file is not a video, image, audio or subtitle file the service can decode',
  PROCESSING_TIMEOUT: 'the render took too long: shorten the timeline or lower the resolution, then retry',
  NETWORK_ERROR: 'is the service running at RENDER_API_URL? `npm start` prints its URL (and RENDER_API_CA for its certificate)',
};

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The problems of a VALIDATION_ERROR or INVALID_FONT: `field: issue (sent: value)`. */
function problemLines(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((problem: unknown) => {
    if (typeof problem !== 'object' || problem === null) return [];
    const { field, issue, provided_value: provided } = problem as { field?: unknown; issue?: unknown; provided_value?: unknown };
    if (typeof field !== 'string' || typeof issue !== 'string') return [];
    return [`  ${field}: ${issue}${provided === undefined || provided === null ? '' : ` (sent: ${shown(provided)})`}`];
  });
}

/** Other codes' details (an object such as {task_id, status}) on one line. */
function detailLine(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return [];
  const entries = Object.entries(details as Record<string, unknown>).filter(([, value]) => value !== null && value !== undefined);
  return entries.length === 0 ? [] : [`  ${entries.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : shown(value)}`).join(', ')}`];
}

export function failureReport(failure: FailureFacts): string {
  const lines = [`error: ${failure.code}: ${failure.message}`];
  const problems = problemLines(failure.details);
  lines.push(...(problems.length > 0 ? problems : detailLine(failure.details)));
  if (failure.retryAfterSeconds !== null && failure.retryAfterSeconds !== undefined) lines.push(`retry after: ${failure.retryAfterSeconds} s`);
  if (failure.requestId) lines.push(`request id: ${failure.requestId}`);
  const hint = HINTS[failure.code];
  if (hint !== undefined) lines.push(`hint: ${hint}`);
  return `${lines.join('\n')}\n`;
}
