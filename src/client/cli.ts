#!/usr/bin/env node
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { projectRoot } from '../common/project-root';
import { RenderFailure } from '../common/render-failure';
import type { CreateTaskBody, TaskOutput, TaskRecord, TaskStatus, UsagePeriod } from './api-models';
import { BatchInputError, runBatchFile } from './batch-run';
import { NetworkError } from './http-transport';
import { EXIT, failureReport, type FailureFacts } from './error-report';
import { ProgressDisplay } from './progress-display';
import { RenderApiError, RenderClient, type RenderClientOptions } from './render-client';
import { selfSignedCertificate } from './self-signed-cert';
import { startWebhookListener } from './webhook-listener';

const USAGE = `usage: render-cli <command> [options]
  render <timeline.json> [--wait] [--out DIR] [--webhook-url URL]
  batch --template <tpl_id> <rows.csv> [--results FILE] [--wait]
  status <task_id>            list [--status S] [--limit N] [--offset N]
  cancel <task_id>            retry <task_id>
  deliveries <task_id>        redeliver <task_id> <event_id>
  usage [--period P]          models
  preview <timeline.json | task_id> [--no-open] [--print-plan]
  webhook-listen [--port N] [--host H] [--secret-stdin] [--cert PEM --key PEM]
connection: --url (RENDER_API_URL, the /v3 base), --api-key (RENDER_API_KEY), --ca (RENDER_API_CA, a PEM file)
webhook secret: RENDER_WEBHOOK_SECRET, or the first line of stdin with --secret-stdin`;

/** A mistake in the command line or its files: exit code 2. */
class UsageError extends Error {}

const OPTIONS = {
  url: { type: 'string' },
  'api-key': { type: 'string' },
  key: { type: 'string' },
  ca: { type: 'string' },
  wait: { type: 'boolean' },
  out: { type: 'string' },
  'webhook-url': { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  period: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'secret-stdin': { type: 'boolean' },
  cert: { type: 'string' },
  'no-open': { type: 'boolean' },
  'print-plan': { type: 'boolean' },
  template: { type: 'string' },
  results: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const STATUSES: readonly TaskStatus[] = ['queued', 'processing', 'completed', 'failed', 'canceled'];
const PERIODS: readonly UsagePeriod[] = ['current_month', 'last_month', 'current_week', 'last_week', 'today', 'yesterday'];

const out = (line: string) => process.stdout.write(`${line}\n`);

function readFileOrFail(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function clientFrom(flags: Flags, tuning: Pick<RenderClientOptions, 'rateLimitRetries'> = {}): RenderClient {
  const url = flags.url ?? process.env.RENDER_API_URL;
  const key = flags['api-key'] ?? process.env.RENDER_API_KEY;
  const caPath = flags.ca ?? process.env.RENDER_API_CA;
  if (!url) throw new UsageError('no API address: pass --url or set RENDER_API_URL (e.g. https://localhost:8443/v3)');
  if (!key) throw new UsageError('no API key: pass --api-key or set RENDER_API_KEY');
  try {
    return new RenderClient({
      baseUrl: url,
      apiKey: key,
      ca: caPath ? readFileOrFail(caPath, 'CA file') : undefined,
      onRateLimited: (seconds) => process.stderr.write(`rate limited: waiting ${seconds} s\n`),
      ...tuning,
    });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}

function readTimeline(path: string): Record<string, unknown> {
  const text = readFileOrFail(path, 'timeline').toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UsageError(`${path} must hold a create-task body (a JSON object)`);
  return body as Record<string, unknown>;
}

function positional(args: string[], index: number, name: string): string {
  const value = args[index];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

function integerFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

const EXTENSIONS: Record<string, string> = { mp4: 'mp4', mov: 'mov', webm: 'webm', prores: 'mov' };

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

async function downloadOutputs(client: RenderClient, task: TaskRecord, output: TaskOutput, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const files: [string, string | null][] = [
    [`${task.task_id}.${EXTENSIONS[output.format] ?? output.format}`, output.video_url],
    [`${task.task_id}-thumbnail.jpg`, output.thumbnail_url],
    [`${task.task_id}-preview.gif`, output.preview_url],
  ];
  for (const [name, url] of files) {
    if (!url) throw new RenderApiError(410, 'OUTPUT_EXPIRED', `${name}: the output has expired`, null, null, null);
    const path = resolve(dir, name);
    const bytes = await client.download(url, path);
    out(`${path}  ${sizeText(bytes)}`);
  }
}

/** A task the CLI waited for ended without its output. */
class TaskEnded extends Error {
  constructor(readonly failure: FailureFacts) {
    super(failure.message);
  }
}

function failureOf(task: TaskRecord): TaskEnded {
  if (task.status === 'canceled') return new TaskEnded({ code: 'TASK_CANCELED', message: `task ${task.task_id} was canceled` });
  return new TaskEnded({
    code: task.error?.code ?? 'TASK_FAILED',
    message: task.error?.message ?? `task ${task.task_id} failed`,
    details: task.error?.details ?? null,
  });
}

/**
 * Shows the task's progress until it ends, from its event stream; when the
 * stream cannot be had (an older service without it, the key's streams all in
 * use, a network or proxy failure) by reading the task every second instead.
 */
async function followTask(client: RenderClient, taskId: string, display: ProgressDisplay): Promise<TaskRecord> {
  try {
    for await (const event of client.streamEvents(taskId)) display.updateFromEvent(event);
  } catch (error) {
    const reason = error instanceof RenderApiError ? `${error.code}: ${error.message}` : (error as Error).message;
    display.note(`event stream unavailable (${reason}); polling the task instead`);
    return client.waitForTask(taskId, (current) => display.update(current));
  }
  // The final event has been shown; the record holds what comes next (the output URLs or the error).
  return client.getTask(taskId);
}

async function render(args: string[], flags: Flags): Promise<number> {
  const body = readTimeline(positional(args, 0, 'timeline.json'));
  if (flags['webhook-url']) body.webhook = { ...(body.webhook as object | undefined), url: flags['webhook-url'] };
  if (!body.webhook) throw new UsageError('the timeline has no webhook: add "webhook": {"url": "https://…"} or pass --webhook-url');
  const client = clientFrom(flags);
  const outcome = await client.createTask(body as unknown as CreateTaskBody);
  const taskId = outcome.task.task_id;
  out(`task ${taskId} ${outcome.kind === 'created' ? 'queued' : `recovered (request_id ${outcome.requestId} had landed)`}`);
  if (!flags.wait) return EXIT.ok;
  const display = new ProgressDisplay(process.stderr);
  const task = await followTask(client, taskId, display);
  display.finish();
  if (task.status !== 'completed' || !task.output) throw failureOf(task);
  await downloadOutputs(client, task, task.output, flags.out ?? '.');
  return EXIT.ok;
}

/**
 * One task per row of a CSV file from a template (docs/client.md, "Batches"):
 * streamed, 100 rows a request, resumable from its results file.
 */
async function batch(args: string[], flags: Flags): Promise<number> {
  const templateId = flags.template;
  if (!templateId) throw new UsageError('batch needs --template <tpl_id>');
  const csvPath = positional(args, 0, 'rows.csv');
  if (!existsSync(csvPath)) throw new UsageError(`cannot read rows ${csvPath}: ENOENT`);
  const resultsPath = flags.results ?? `${csvPath.replace(/\.csv$/i, '')}.results.csv`;
  // A long run meets the per-minute window many times: each 429 is waited out.
  const client = clientFrom(flags, { rateLimitRetries: 1_000 });
  const status = (line: string) => process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  let counts;
  try {
    counts = await runBatchFile(client, { templateId, csvPath, resultsPath, wait: Boolean(flags.wait), status });
  } catch (error) {
    if (error instanceof BatchInputError) throw new UsageError(`${csvPath}: ${error.message}`);
    throw error;
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  out(`${counts.created} created, ${counts.refused} refused, ${counts.recovered + counts.skipped} created by an earlier run; results in ${resultsPath}`);
  return counts.refused > 0 ? EXIT.refused : EXIT.ok;
}

async function list(flags: Flags): Promise<void> {
  const page = await clientFrom(flags).listTasks({
    status: oneOf(flags.status, STATUSES, 'status'),
    limit: integerFlag(flags.limit, 'limit'),
    offset: integerFlag(flags.offset, 'offset'),
  });
  for (const task of page.tasks) out(`${task.task_id}  ${task.status.padEnd(10)}  ${task.created_at}  ${task.metadata.user_reference ?? ''}`.trimEnd());
  const { total, offset, has_more: hasMore } = page.pagination;
  out(`${page.tasks.length} of ${total} (offset ${offset}${hasMore ? ', more with --offset' : ''})`);
}

/**
 * The create body to preview: a task's as the service read it back
 * (GET /v3/tasks/{id}/request), or a timeline file's.
 */
async function previewSource(target: string, flags: Flags): Promise<{ body: Record<string, unknown>; fetchText: (url: string) => Promise<string> }> {
  if (/^tsk_[A-Za-z0-9]+$/.test(target)) {
    const client = clientFrom(flags);
    const submitted = await client.getTaskRequest(target);
    if (submitted.redacted_fields.length > 0) process.stderr.write(`preview: left out by the service: ${submitted.redacted_fields.join(', ')}\n`);
    return { body: submitted.request, fetchText: (url) => client.fetchText(url) };
  }
  const fetchText = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
    return response.text();
  };
  return { body: readTimeline(target), fetchText };
}

async function preview(args: string[], flags: Flags): Promise<number> {
  const target = positional(args, 0, 'timeline.json | task_id');
  const source = await previewSource(target, flags);
  // Loaded here: the validators and plan builders would slow every other command's start.
  const { validateCreateTaskBody } = await import('../tasks/create-pipeline');
  const { openStudio, previewPlan } = await import('./studio-preview');
  let input;
  try {
    input = validateCreateTaskBody(source.body);
  } catch (error) {
    const details = (error as { details?: { field: string; issue: string }[] }).details;
    const first = details?.[0];
    throw new UsageError(`${target}: ${(error as Error).message}${first ? ` (${first.field}: ${first.issue})` : ''}`);
  }
  const plan = await previewPlan(input, async (url) => {
    try {
      return await source.fetchText(url);
    } catch (error) {
      throw new UsageError(`subtitle file ${url}: ${(error as Error).message}`);
    }
  });
  if (flags['print-plan']) {
    out(JSON.stringify(plan, null, 2));
    return 0;
  }
  out('opening Remotion Studio: choose the "Timeline" composition; media load from their URLs in the browser');
  return openStudio(projectRoot(__dirname), plan, flags['no-open'] ? ['--no-open'] : []);
}

/** The first line of stdin, without its line ending: a secret piped in (`< file`, `printf %s "$S" |`) or typed. */
async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) return line;
  return '';
}

async function webhookListen(flags: Flags): Promise<never> {
  if (Boolean(flags.cert) !== Boolean(flags.key)) throw new UsageError('--cert and --key go together');
  const secret = flags['secret-stdin'] ? await firstLineOfStdin() : process.env.RENDER_WEBHOOK_SECRET;
  if (!secret) {
    throw new UsageError('no webhook secret: set RENDER_WEBHOOK_SECRET, or pass --secret-stdin and write it to stdin (only events it verifies are printed)');
  }
  const pair =
    flags.cert && flags.key
      ? { cert: readFileOrFail(flags.cert, 'certificate'), key: readFileOrFail(flags.key, 'key'), certPath: flags.cert }
      : selfSignedCertificate();
  const port = integerFlag(flags.port, 'port') ?? 9443;
  const { url } = await startWebhookListener({ port, host: flags.host ?? '127.0.0.1', cert: pair.cert, key: pair.key, secret, print: out });
  out(`listening on ${url} (certificate ${pair.certPath}); printing the events the secret verifies`);
  return new Promise<never>(() => undefined);
}

/** A secret on the command line is seen by other users (ps) and kept by shells: refused by name, its value never echoed. */
function refuseSecretArgument(argv: string[]): void {
  if (argv.some((arg) => arg === '--secret' || arg.startsWith('--secret='))) {
    throw new UsageError('--secret is not accepted: other users see a command line (ps) and shells keep it; set RENDER_WEBHOOK_SECRET or use --secret-stdin');
  }
}

async function run(argv: string[]): Promise<number> {
  refuseSecretArgument(argv);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: flags, positionals } = parsed;
  const [command, ...args] = positionals;
  if (flags.help || !command) {
    out(USAGE);
    return command || flags.help ? 0 : 2;
  }
  const show = (value: unknown) => out(JSON.stringify(value, null, 2));
  switch (command) {
    case 'render':
      return render(args, flags);
    case 'batch':
      return batch(args, flags);
    case 'status':
      show(await clientFrom(flags).getTask(positional(args, 0, 'task_id')));
      return 0;
    case 'list':
      await list(flags);
      return 0;
    case 'cancel': {
      const canceled = await clientFrom(flags).cancelTask(positional(args, 0, 'task_id'));
      out(`${canceled.task_id} canceled at ${canceled.canceled_at}`);
      return 0;
    }
    case 'retry': {
      const retried = await clientFrom(flags).retryTask(positional(args, 0, 'task_id'));
      out(`${retried.original_task_id} retried as ${retried.task_id} (retry ${retried.retry_count})`);
      return 0;
    }
    case 'deliveries':
      show(await clientFrom(flags).listDeliveries(positional(args, 0, 'task_id')));
      return 0;
    case 'redeliver':
      show(await clientFrom(flags).redeliver(positional(args, 0, 'task_id'), positional(args, 1, 'event_id')));
      return 0;
    case 'usage':
      show(await clientFrom(flags).getUsage(oneOf(flags.period, PERIODS, 'period')));
      return 0;
    case 'models':
      for (const model of (await clientFrom(flags).listModels()).models) {
        out(
          `${model.id.padEnd(10)} ${model.max_resolution.width}x${model.max_resolution.height}  ${model.max_duration_seconds} s  ${model.supported_formats.join(',')}  ${model.name}`,
        );
      }
      return 0;
    case 'preview':
      return preview(args, flags);
    case 'webhook-listen':
      return webhookListen(flags);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/**
 * Every failure starts with one line, `error: <CODE>: <message>`, then what a person needs to act on it
 * (failureReport); never a stack trace. The exit code names the failure class (EXIT).
 */
export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: USAGE: ${error.message}\n(render-cli --help for usage)\n`);
      return EXIT.usage;
    }
    if (error instanceof TaskEnded) {
      process.stderr.write(failureReport(error.failure));
      return EXIT.taskFailed;
    }
    if (error instanceof RenderApiError || error instanceof RenderFailure) {
      process.stderr.write(failureReport(error));
      return EXIT.refused;
    }
    if (error instanceof NetworkError) {
      process.stderr.write(failureReport({ code: 'NETWORK_ERROR', message: error.message }));
      return EXIT.unreachable;
    }
    process.stderr.write(`error: INTERNAL: ${(error as Error).message ?? String(error)}\n`);
    return EXIT.refused;
  }
}

if (require.main === module) {
  // main() answers every failure it knows with an exit code; a rejection is a bug and crashes the process.
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
