import type { DataSource } from 'typeorm';

/**
 * The data-scale seed of bench:api: a million tasks (or `tasks`) over `accounts`
 * accounts, written by the database itself (one INSERT … SELECT over a generated
 * series, so the insert triggers keep their totals as they would for real
 * creates). One account, `big`, holds a fifth of them; every status is present
 * (the last 2,000 tasks queued or processing, the rest completed, failed or
 * canceled); they were created evenly over the 90 days before `now`.
 */
export interface ScaleSeed {
  tasks: number;
  /** Ids of the accounts the tasks belong to; the first is `big`. */
  accountIds: string[];
  now: number;
}

const DAY_MS = 86_400_000;
export const SEED_DAYS = 90;
/** The newest tasks, still queued or processing. */
const UNFINISHED = 2_000;

/** Row `i` of the series as SQL expressions (the series column is `i`), one per task column. */
function columns(seed: ScaleSeed, postgres: boolean): Array<[string, string]> {
  const text = (expr: string) => (postgres ? `(${expr})::text` : `CAST(${expr} AS TEXT)`);
  const pad = (expr: string) => (postgres ? `lpad(${text(expr)}, 26, '0')` : `substr('00000000000000000000000000' || ${expr}, -26, 26)`);
  const others = seed.accountIds.length - 1;
  const accounts = seed.accountIds.map((id) => `'${id}'`).join(', ');
  const pick = (index: string) =>
    postgres ? `(ARRAY[${accounts}])[${index} + 1]` : `json_extract('${JSON.stringify(seed.accountIds)}', '$[' || ${index} || ']')`;
  const account = `CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + (i % ${others}) END`;
  const created = `(${seed.now - SEED_DAYS * DAY_MS} + i * ${Math.floor((SEED_DAYS * DAY_MS) / seed.tasks)})`;
  const unfinished = `i >= ${seed.tasks - UNFINISHED}`;
  // Of the finished tasks: 88 % completed, 8 % failed, 4 % canceled, spread evenly (19 and 100 are coprime).
  const status = `CASE WHEN ${unfinished} THEN (CASE WHEN i % 2 = 0 THEN 'queued' ELSE 'processing' END)
    WHEN (i * 19) % 100 < 88 THEN 'completed' WHEN (i * 19) % 100 < 96 THEN 'failed' ELSE 'canceled' END`;
  const is = (value: string) => `(${status}) = '${value}'`;
  const started = `CASE WHEN (${status}) <> 'queued' THEN ${created} + 2000 ELSE NULL END`;
  const timeline = JSON.stringify({
    duration_ms: 10_000,
    tracks: [
      { id: 'main', type: 'video', clips: [{ id: 'clip-1', media_url: 'https://media.example.com/clips/intro.mp4', start_time_ms: 0, end_time_ms: 10_000 }] },
      { id: 'subs', type: 'subtitle', clips: [{ id: 'subs-1', media_url: 'https://media.example.com/subs/en.srt', start_time_ms: 0, end_time_ms: 10_000 }] },
    ],
  });
  const file = (taskId: string, name: string, bytes: number, keptMs: number) =>
    `'"${name}":{"key":"' || ${taskId} || '/${name === 'video' ? 'video.mp4' : name === 'thumbnail' ? 'thumbnail.jpg' : 'preview.gif'}","size_bytes":${bytes},"expires_at":' || (${created} + ${keptMs}) || '}'`;
  const output = (taskId: string) =>
    `'{' || ${file(taskId, 'video', 1_843_200, DAY_MS)} || ',' || ${file(taskId, 'thumbnail', 20_480, 7 * DAY_MS)} || ',' || ${file(taskId, 'preview', 409_600, 7 * DAY_MS)} || ',"duration_ms":10000,"resolution":{"width":1280,"height":720},"format":"mp4"}'`;
  const error = JSON.stringify({
    code: 'MEDIA_DOWNLOAD_FAILED',
    message: 'Downloading https://media.example.com/clips/intro.mp4 failed with HTTP 404',
    details: { media_url: 'https://media.example.com/clips/intro.mp4', http_status: 404, retry_after_seconds: null },
    retry_possible: true,
    suggested_action: 'Retry the task with POST /v3/tasks/{task_id}/retry',
  });
  const phase = (done: boolean) => `{"completed":${done},"duration_seconds":${done ? 2.5 : 0},"progress":${done ? 1 : 0}}`;
  const finishedPhases = `{"download":${phase(true)},"render":${phase(true)},"upload":${phase(true)}}`;
  const freshPhases = `{"download":${phase(false)},"render":${phase(false)},"upload":${phase(false)}}`;
  const taskId = `'tsk_' || ${pad('i')}`;
  const resolved = JSON.stringify({ width: 1280, height: 720, framerate: 30, format: 'mp4', quality: 'standard', codec: 'h264' });
  return [
    ['id', taskId],
    ['account_id', pick(account)],
    ['request_id', 'NULL'],
    ['status', status],
    ['priority', "'standard'"],
    ['priority_rank', '2'],
    ['model', "'standard'"],
    ['timeline', `'${timeline}'`],
    ['output_settings', `'${resolved}'`],
    ['output_request', `'{"resolution":{"width":1280,"height":720}}'`],
    ['webhook', `'{"url":"https://hooks.example.com/render"}'`],
    // A webhook without a secret or headers has nothing to seal (WebhookCredentials).
    ['webhook_credentials', "''"],
    ['user_reference', `'order-' || ${text('i')}`],
    ['tags', `'["bench","scale"]'`],
    ['retention_hours', '24'],
    ['created_at', created],
    ['started_at', started],
    ['completed_at', `CASE WHEN ${is('completed')} THEN ${created} + 30000 ELSE NULL END`],
    ['failed_at', `CASE WHEN ${is('failed')} THEN ${created} + 9000 ELSE NULL END`],
    ['canceled_at', `CASE WHEN ${is('canceled')} THEN ${created} + 5000 ELSE NULL END`],
    ['canceled_by', `CASE WHEN ${is('canceled')} THEN 'user_request' ELSE NULL END`],
    ['progress_percentage', `CASE WHEN ${is('completed')} THEN 100 WHEN ${is('processing')} THEN 40 ELSE 0 END`],
    ['progress_phase', `CASE WHEN ${is('completed')} THEN 'completed' WHEN ${is('processing')} THEN 'render' ELSE NULL END`],
    ['phases', `CASE WHEN ${is('completed')} THEN '${finishedPhases}' ELSE '${freshPhases}' END`],
    ['output', `CASE WHEN ${is('completed')} THEN ${output(taskId)} ELSE NULL END`],
    ['error', `CASE WHEN ${is('failed')} THEN '${error}' ELSE NULL END`],
    ['estimated_seconds', '18'],
    ['processing_seconds', `CASE WHEN ${is('completed')} THEN 28.0 WHEN ${is('failed')} THEN 7.0 ELSE NULL END`],
    ['quality', "'standard'"],
    ['work_units', '276.48'],
    ['output_minutes', `${10_000 / 60_000}`],
    ['cost_usd', '0.05'],
    ['retry_of', 'NULL'],
    ['retried_by', 'NULL'],
    ['retry_count', '0'],
    ['render_attempts', `CASE WHEN ${is('queued')} THEN 0 ELSE 1 END`],
    ['concurrency_limit', '20'],
    ['worker_id', `CASE WHEN ${started} IS NULL THEN NULL ELSE 'worker-1' END`],
    ['updated_at', `${created} + 30000`],
  ];
}

/** Seeds the tasks in slices of `slice` rows (one statement each, within the service's 30 s query timeout), reporting progress. */
export async function seedTasks(dataSource: DataSource, seed: ScaleSeed, onProgress: (done: number) => void, slice = 25_000): Promise<void> {
  const postgres = dataSource.options.type === 'postgres';
  const cols = columns(seed, postgres);
  const names = cols.map(([name]) => name).join(', ');
  const values = cols.map(([, expr]) => expr).join(',\n  ');
  for (let from = 0; from < seed.tasks; from += slice) {
    const to = Math.min(seed.tasks, from + slice) - 1;
    const series = postgres
      ? `INSERT INTO tasks (${names}) SELECT ${values} FROM generate_series(${from}::bigint, ${to}::bigint) AS s(i)`
      : `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) INSERT INTO tasks (${names}) SELECT ${values} FROM s`;
    await dataSource.query(series);
    onProgress(to + 1);
  }
  // What autovacuum does soon after a bulk insert (PostgreSQL 13+ vacuums insert-only tables too): statistics, and the
  // visibility map that lets a covering index answer without reading the table. SQLite gets no statistics: the service never gathers any.
  if (postgres) await dataSource.query('VACUUM (ANALYZE)');
}

/** Creates the accounts beyond the given ones (named `scale-<n>`), returns every id, the given ones first. */
export async function seedAccounts(dataSource: DataSource, given: string[], total: number, now: number): Promise<string[]> {
  const ids = [...given];
  for (let n = given.length; n < total; n++) ids.push(`acc_scale${String(n).padStart(21, '0')}`);
  const rows = ids.slice(given.length).map((id, i) => `('${id}', 'scale-${given.length + i}', NULL, ${now})`);
  for (let start = 0; start < rows.length; start += 500) {
    await dataSource.query(`INSERT INTO accounts (id, name, credit_balance_usd, created_at) VALUES ${rows.slice(start, start + 500).join(', ')}`);
  }
  return ids;
}
