import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Redis from 'ioredis';
import { HttpClient } from '../../support/http-client';
import { ffprobe, startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { present } from '../../support/present';
import { createTestDatabase, type TestDatabase } from '../../support/postgres';
import { webhookEnvelope, WebhookReceiver } from '../../support/webhook-receiver';
import {
  buildService,
  createKey,
  eventually,
  freePort,
  makeCertificate,
  ServiceProcess,
  sharedServiceEnv,
  sleep,
  startS3,
  taskLog,
  type Certificate,
  type ServiceBuild,
  type TestS3,
} from './service-processes';

jest.setTimeout(600_000);

const SECONDS = 40;
const FPS = 10;
const FRAMES = SECONDS * FPS;
const CHUNKS_PER_TASK = 2;
const LOCK_MS = 4_000;
const WIDTH = 320;
const HEIGHT = 180;

interface Submission {
  media?: string;
  seconds?: number;
  width?: number;
  height?: number;
}

/**
 * Chunked renders across two worker processes on PostgreSQL, Redis and S3: a
 * 40 s timeline (over CHUNK_MIN_SECONDS=30) is cut into four 10 s chunks. The
 * source's frames carry their own number (three grey blocks: N mod 16, N / 16
 * mod 16, N / 256), so every output frame names the frame it shows; its sound
 * is a chirp, so a shifted or missing stretch changes the samples.
 */
describe('chunked renders: one long timeline split across two workers', () => {
  let dir: string;
  let db: TestDatabase;
  let s3: TestS3;
  let tls: Certificate;
  let media: MediaFixtures;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let prefix: string;
  let build: ServiceBuild;
  let api: HttpClient;
  const processes: ServiceProcess[] = [];
  /** Every task the tests submitted, so that one a failed test left running is canceled before the next test. */
  const submitted: string[] = [];
  const rendered = new Map<string, string>();
  /** The thumbnail and preview GIF of each downloaded render, by name. */
  const previews = new Map<string, Buffer[]>();

  const startProcess = async (name: string, role: 'api' | 'worker', extra: Record<string, string> = {}) => {
    const proc = await ServiceProcess.start(build, name, dir, { ...env, ROLE: role, ...extra });
    processes.push(proc);
    return proc;
  };
  const worker = (name: string) =>
    present(
      processes.find((proc) => proc.name === name),
      `the process ${name}`,
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-chunked-'));
    build = buildService(dir);
    [db, s3, media] = await Promise.all([createTestDatabase('chunked'), startS3(join(dir, 's3'), 'renders'), startMediaFixtures()]);
    const block = (i: number) => `16+12*mod(floor(N/${16 ** i})\\,16)`;
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=black:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${SECONDS}`],
      ...['-f', 'lavfi', '-i', `aevalsrc='0.4*sin(2*PI*(200+20*t)*t)':s=48000:d=${SECONDS}`],
      ...['-vf', `geq=lum='if(lt(X\\,${WIDTH / 3})\\,${block(0)}\\,if(lt(X\\,${(2 * WIDTH) / 3})\\,${block(1)}\\,${block(2)}))':cb=128:cr=128`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k'],
      join(media.dir, 'numbered-40s.mp4'),
    ]);
    tls = makeCertificate(dir);
    receiver = await WebhookReceiver.start(tls.certPath, tls.keyPath);
    prefix = `rs-chunked-${randomBytes(4).toString('hex')}`;
    env = {
      ...sharedServiceEnv({ databaseUrl: db.url, redisUrl: 'redis://127.0.0.1:6379', redisPrefix: prefix, bucket: 'renders/chunked', s3, tls }),
      BULL_LOCK_DURATION_MS: String(LOCK_MS),
      BULL_STALLED_INTERVAL_MS: '1000',
      WORKER_CONCURRENCY: '1',
      CHUNK_CONCURRENCY: '1',
      CHUNK_MIN_SECONDS: '30',
      CHUNK_SECONDS: '10',
      CHUNKS_PER_TASK: String(CHUNKS_PER_TASK),
      RENDER_ENGINE: 'compositor',
    };
    const key = createKey(build, env, 'chunked', 100_000);
    const port = await freePort();
    await Promise.all([startProcess('api', 'api', { PORT: String(port) }), startProcess('worker-a', 'worker'), startProcess('worker-b', 'worker')]);
    api = new HttpClient(`https://127.0.0.1:${port}`, tls.cert, key);
  });

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await receiver?.close();
    await media?.close();
    await s3?.close();
    await db?.drop();
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (process.env.KEEP_SCALE_OUT_LOGS === undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** The timeline: one clip of `media` over `seconds`; the fairness and cancel tests render larger frames, so their chunks last. */
  const body = ({ media: mediaName = 'numbered-40s.mp4', seconds = SECONDS, width = WIDTH, height = HEIGHT }: Submission) => ({
    input: {
      timeline: {
        duration_ms: seconds * 1000,
        tracks: [
          { id: 'main', type: 'video', clips: [{ id: 'n', media_url: `${media.baseUrl}/${mediaName}`, start_time_ms: 0, end_time_ms: seconds * 1000 }] },
        ],
      },
      output: { resolution: { width, height }, framerate: FPS },
    },
    webhook: { url: receiver.url(`/hooks/chunked-${mediaName}-${seconds}`) },
  });

  async function submit(submission: Submission = {}): Promise<string> {
    const created = await api.post('/v3/tasks', body(submission));
    expect([created.status, created.status === 201 ? null : created.body]).toEqual([201, null]);
    submitted.push(created.body.task_id as string);
    return created.body.task_id as string;
  }

  // A test that failed half-way leaves its tasks rendering: their chunks would take the workers and storage of the next test.
  afterEach(async () => {
    const left: string[] = [];
    for (const taskId of submitted.splice(0)) {
      if (['queued', 'processing'].includes((await api.get(`/v3/tasks/${taskId}`)).body.status)) left.push(taskId);
    }
    for (const taskId of left) await api.delete(`/v3/tasks/${taskId}`);
    if (left.length > 0)
      await eventually('the canceled tasks to leave no chunk file', async () => ((await chunkObjectsLeft()).length === 0 ? true : null), 30_000);
  });

  /** Fails with the task's error and what the processes logged of it, unless it completed. */
  function expectCompleted({ status, task }: { status: string; task: Record<string, unknown> }): void {
    if (status === 'completed') return;
    const taskId = String(task.task_id);
    throw new Error(`task ${taskId} ended ${status}, error ${JSON.stringify(task.error)}; the processes logged:\n${taskLog(processes, taskId)}`);
  }

  /** Polls the task to its end, recording every percentage seen; downloads the video of a completed task. */
  async function finish(taskId: string, name: string): Promise<{ status: string; percentages: number[]; file: string | null; task: Record<string, unknown> }> {
    const percentages: number[] = [];
    const task = await eventually(
      `task ${taskId} to end`,
      async () => {
        const response = await api.get(`/v3/tasks/${taskId}`);
        if (typeof response.body.progress?.percentage === 'number') percentages.push(response.body.progress.percentage);
        return ['completed', 'failed', 'canceled'].includes(response.body.status) ? response.body : null;
      },
      300_000,
      200,
    );
    if (task.status !== 'completed') return { status: task.status, percentages, file: null, task };
    const file = join(dir, `${name}.mp4`);
    writeFileSync(file, Buffer.from(await (await fetch(task.output.video_url)).arrayBuffer()));
    rendered.set(name, file);
    const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    previews.set(name, [await fetchBytes(task.output.thumbnail_url), await fetchBytes(task.output.preview_url)]);
    return { status: task.status, percentages, file, task };
  }

  /** The grey levels of the three blocks (N mod 16, N / 16 mod 16, N / 256) in every frame of `file`, read at the source's size. */
  function blockLevels(file: string): Array<[number, number, number]> {
    const decode = ['-vf', `scale=${WIDTH}:${HEIGHT}:flags=neighbor`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'];
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, ...decode], { maxBuffer: 512 * 1024 * 1024 });
    const size = WIDTH * HEIGHT * 3;
    // Grey decoded to RGB: red = (luma - 16) * 255 / 219.
    const level = (at: number, x: number) => Math.round((raw[at + ((HEIGHT / 2) * WIDTH + x) * 3] * 219) / 255 / 12);
    const levels: Array<[number, number, number]> = [];
    for (let at = 0; at + size <= raw.length; at += size) levels.push([level(at, WIDTH / 6), level(at, WIDTH / 2), level(at, (5 * WIDTH) / 6)]);
    return levels;
  }

  /** The source frame number every frame of `file` shows. */
  function framesShown(file: string): number[] {
    return blockLevels(file).map(([low, middle, high]) => low + 16 * middle + 256 * high);
  }

  function samples(file: string): Int16Array {
    const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vn', '-f', 's16le', '-ac', '2', '-ar', '48000', '-'], { maxBuffer: 512 * 1024 * 1024 });
    return new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
  }

  function expectEveryFrameInPlace(file: string): void {
    const video = present(
      ffprobe(file).streams.find((stream) => stream.codec_type === 'video'),
      'a video stream',
    );
    expect(Number(video.nb_frames)).toBe(FRAMES);
    expect(Number(ffprobe(file).format.duration)).toBeCloseTo(SECONDS, 1);
    const shown = framesShown(file);
    const misplaced = shown.map((n, i) => [i, n]).filter(([i, n]) => i !== n);
    expect(misplaced).toEqual([]);
  }

  async function chunkObjectsLeft(): Promise<string[]> {
    const admin = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await admin.send(new ListObjectsV2Command({ Bucket: 'renders' }));
    admin.destroy();
    return (listed.Contents ?? []).map((object) => object.Key ?? '').filter((key) => key.includes('/chunks/'));
  }

  it('renders the chunks on both workers, never more than CHUNKS_PER_TASK queued at once, and joins every frame in place', async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    const taskId = await submit();
    let mostQueued = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const ids = [
          ...(await redis.lrange(`${prefix}:render-chunk:wait`, 0, -1)),
          ...(await redis.lrange(`${prefix}:render-chunk:active`, 0, -1)),
          ...(await redis.zrange(`${prefix}:render-chunk:delayed`, 0, -1)),
        ];
        mostQueued = Math.max(mostQueued, new Set(ids.filter((id) => id.startsWith(taskId))).size);
        await sleep(50);
      }
    })();
    const result = await finish(taskId, 'chunked');
    watching = false;
    await watch;
    redis.disconnect();
    expectCompleted(result);
    expectEveryFrameInPlace(present(result.file, 'the chunked render'));

    const chunkLines = processes.flatMap((proc) => proc.lines().map((line) => ({ proc: proc.name, line })));
    const renderedBy = chunkLines.filter(({ line }) => line.msg === 'chunk rendered' && line.task_id === taskId);
    expect(renderedBy.map(({ line }) => line.chunk).sort()).toEqual([0, 1, 2, 3]);
    expect(new Set(renderedBy.map(({ proc }) => proc))).toEqual(new Set(['worker-a', 'worker-b']));
    expect(mostQueued).toBe(CHUNKS_PER_TASK);
    const rising = result.percentages.every((p, i) => i === 0 || p >= result.percentages[i - 1]);
    expect([rising, result.percentages.at(-1)]).toEqual([true, 100]);
    expect(await chunkObjectsLeft()).toEqual([]);
  });

  it('finishes a short task submitted during a long chunked render first: the chunks leave the render slots to other tasks', async () => {
    // 1280x720 frames: chunks of several seconds each, so the long task is still rendering when the short one ends.
    const longId = await submit({ width: 1280, height: 720 });
    await eventually(
      'the long task to render its chunks',
      async () => (processes.some((proc) => proc.lines().some((line) => line.msg === 'chunk started' && line.task_id === longId)) ? true : null),
      120_000,
      50,
    );
    const short = await finish(await submit({ seconds: 5 }), 'short-during-long');
    expectCompleted(short);
    expect((await api.get(`/v3/tasks/${longId}`)).body.status).toBe('processing');
    const long = await finish(longId, 'long-720p');
    expectCompleted(long);
    const video = ffprobe(present(long.file, 'the long render')).streams.find((stream) => stream.codec_type === 'video');
    expect([video?.width, video?.height, Number(video?.nb_frames)]).toEqual([1280, 720, FRAMES]);
  });

  it('stops every chunk within 2 s of a cancel, and leaves no chunk file', async () => {
    const taskId = await submit({ width: 1280, height: 720 });
    const started = () =>
      processes.filter((proc) => proc.lines().some((line) => line.msg === 'chunk started' && line.task_id === taskId)).map((proc) => proc.name);
    await eventually('both workers to render a chunk', async () => (started().length === 2 ? true : null), 120_000, 50);
    const canceledAt = Date.now();
    expect((await api.delete(`/v3/tasks/${taskId}`)).status).toBe(200);
    const stops = await eventually(
      'both chunks to stop',
      async () => {
        const lines = processes.flatMap((proc) => proc.lines()).filter((line) => line.msg === 'chunk stopped: its task moved on' && line.task_id === taskId);
        return lines.length >= 2 ? lines : null;
      },
      10_000,
      50,
    );
    for (const stop of stops) expect(Date.parse(String(stop.time)) - canceledAt).toBeLessThan(2_000);
    await sleep(1_500);
    expect(await chunkObjectsLeft()).toEqual([]);
  });

  /** The name of the worker process holding the task's render job, once one has taken it. */
  const coordinatorOf = (taskId: string) =>
    eventually(
      `a worker to take the render of ${taskId}`,
      async () => processes.find((proc) => proc.lines().some((line) => line.msg === 'render started' && line.task_id === taskId))?.name,
      120_000,
      20,
    );

  /** The worker process `name` once it renders a chunk of the task, and that chunk's index. */
  async function chunkHolder(taskId: string, name: string): Promise<{ victim: ServiceProcess; held: unknown }> {
    const victim = worker(name);
    const held = await eventually(
      `${name} to render a chunk`,
      async () => victim.lines().find((line) => line.msg === 'chunk started' && line.task_id === taskId)?.chunk,
      120_000,
      20,
    );
    return { victim, held };
  }

  /** The task's chunk jobs still in Redis. */
  async function chunkJobsLeft(taskId: string): Promise<number> {
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}:render-chunk:${taskId}:*`);
    redis.disconnect();
    return keys.length;
  }

  it('completes correctly after a worker holding a chunk, not the render, is SIGKILLed, and leaves no chunk file', async () => {
    const taskId = await submit();
    const coordinator = await coordinatorOf(taskId);
    const { victim, held } = await chunkHolder(taskId, coordinator === 'worker-a' ? 'worker-b' : 'worker-a');
    await sleep(100);
    victim.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    await startProcess('worker-c', 'worker');
    const result = await finish(taskId, 'after-kill');
    expectCompleted(result);
    expectEveryFrameInPlace(present(result.file, 'the render after the kill'));
    const renderedLines = (name: string) =>
      worker(name)
        .lines()
        .filter((line) => line.msg === 'chunk rendered' && line.task_id === taskId);
    // Killed mid-chunk: the victim never finished the chunk it held, which another worker rendered for the same attempt.
    expect(renderedLines(victim.name).map((line) => line.chunk)).not.toContain(held);
    expect([...renderedLines(coordinator), ...renderedLines('worker-c')].map((line) => [line.chunk, line.attempt])).toContainEqual([held, 1]);
    expect(await chunkObjectsLeft()).toEqual([]);
  });

  it('renders whole on a new attempt after the worker holding the render dies with a chunk stored, and leaves no chunk job or file of either attempt', async () => {
    const taskId = await submit();
    const victim = worker(await coordinatorOf(taskId));
    const taskLines = () => processes.flatMap((proc) => proc.lines()).filter((line) => line.task_id === taskId);
    await eventually('a chunk to be rendered', async () => (taskLines().some((line) => line.msg === 'chunk rendered') ? true : null), 120_000, 20);
    victim.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    // One worker is left: the new attempt renders whole, and only the clean-up can remove the first attempt's chunks.
    const result = await finish(taskId, 'after-coordinator-kill');
    await startProcess('worker-d', 'worker');
    expectCompleted(result);
    expectEveryFrameInPlace(present(result.file, 'the render after the coordinator was killed'));
    expect(
      taskLines()
        .filter((line) => line.msg === 'render started')
        .map((line) => Number(line.attempt))
        .sort(),
    ).toEqual([1, 2]);
    expect(taskLines().filter((line) => line.msg === 'rendering whole: too few workers serve chunks to split it')).toHaveLength(1);
    // A chunk still running when the task ended removes itself once it stops.
    const leftovers = async () => ({ jobs: await chunkJobsLeft(taskId), files: await chunkObjectsLeft() });
    const clean = async () => {
      const left = await leftovers();
      return left.jobs === 0 && left.files.length === 0 ? true : null;
    };
    await eventually('no chunk job or file to be left', clean, 15_000).catch(() => undefined);
    expect(await leftovers()).toEqual({ jobs: 0, files: [] });
  });

  it('hands a chunk back when its worker is stopped past its grace period: another worker renders it for the same attempt', async () => {
    // Two workers that give up 300 ms after SIGTERM, in place of the two running.
    await Promise.all(processes.filter((proc) => proc.name.startsWith('worker') && proc.running).map((proc) => proc.stop()));
    const impatient = { SHUTDOWN_GRACE_MS: '300' };
    await Promise.all([startProcess('worker-e', 'worker', impatient), startProcess('worker-f', 'worker', impatient)]);
    // 1280x720 frames: a chunk renders for seconds, so it is still running when the grace period ends.
    const taskId = await submit({ width: 1280, height: 720 });
    const coordinator = await coordinatorOf(taskId);
    const { victim, held } = await chunkHolder(taskId, coordinator === 'worker-e' ? 'worker-f' : 'worker-e');
    victim.kill('SIGTERM');
    expect((await victim.exited).code).toBe(0);
    const handedBack = victim.lines().find((line) => line.msg === 'grace period over: running renders handed back to the queue');
    expect(handedBack?.chunk_jobs).toEqual([`${taskId}:1:${String(held)}`]);
    await startProcess('worker-g', 'worker');
    const result = await finish(taskId, 'after-hand-back');
    expectCompleted(result);
    expectEveryFrameInPlace(present(result.file, 'the render after the hand-back'));
    const taskLines = processes.flatMap((proc) => proc.lines().map((line) => ({ proc: proc.name, line }))).filter(({ line }) => line.task_id === taskId);
    // Handed back, not failed: the chunk reported no failure, and the render kept its first attempt.
    expect(taskLines.filter(({ line }) => line.msg === 'chunk failed')).toEqual([]);
    expect(taskLines.filter(({ line }) => line.msg === 'render started').map(({ line }) => line.attempt)).toEqual([1]);
    const renderedHeld = taskLines.filter(({ line }) => line.msg === 'chunk rendered' && line.chunk === held);
    expect(renderedHeld.map(({ proc, line }) => [proc === victim.name, line.attempt])).toEqual([[false, 1]]);
    expect(await chunkObjectsLeft()).toEqual([]);
  });

  it('fails a task whose media is bad once, with the code an unchunked render gives, and leaves no chunk job or file', async () => {
    const whole = await finish(await submit({ media: 'not-media.mp4', seconds: 5 }), 'bad-whole');
    const taskId = await submit({ media: 'not-media.mp4' });
    // The chunks are asked for before the coordinator fetches the media: they and the coordinator meet the bad
    // bytes at once, and the task must still fail once.
    const chunked = await finish(taskId, 'bad-chunked');
    const code = (task: Record<string, unknown>) => (task.error as { code?: string } | null)?.code;
    expect([whole.status, chunked.status]).toEqual(['failed', 'failed']);
    expect([code(whole.task), code(chunked.task)]).toEqual(['INVALID_MEDIA_FORMAT', 'INVALID_MEDIA_FORMAT']);
    const lines = processes.flatMap((proc) => proc.lines()).filter((line) => line.task_id === taskId);
    expect(lines.filter((line) => line.msg === 'render split into chunks').map((line) => line.chunks)).toEqual([4]);
    // A chunk that met the bad media itself failed with the same code; none rendered.
    expect(lines.filter((line) => line.msg === 'chunk failed' && line.code !== 'INVALID_MEDIA_FORMAT')).toEqual([]);
    expect(lines.filter((line) => line.msg === 'chunk rendered')).toEqual([]);
    await sleep(3_000);
    const hook = `/hooks/chunked-not-media.mp4-${SECONDS}`;
    const events = receiver.received(hook).map((request) => webhookEnvelope(request).event);
    expect(events.filter((event) => event === 'task.failed')).toEqual(['task.failed']);
    expect(await chunkJobsLeft(taskId)).toBe(0);
    expect(await chunkObjectsLeft()).toEqual([]);
  });

  it('sounds the same as an unchunked render of the timeline, sample for sample, with the same thumbnail and preview frames', async () => {
    await Promise.all(processes.filter((proc) => proc.name.startsWith('worker')).map((proc) => proc.stop()));
    // Alone, a worker renders the same long timeline whole: split, its chunks would only queue behind each other.
    await startProcess('worker-whole', 'worker');
    const taskId = await submit();
    const result = await finish(taskId, 'whole');
    expectCompleted(result);
    const lines = worker('worker-whole').lines();
    expect(lines.some((line) => line.msg === 'rendering whole: too few workers serve chunks to split it' && line.task_id === taskId)).toBe(true);
    expect(lines.some((line) => line.msg === 'chunk started')).toBe(false);
    const whole = samples(present(result.file, 'the unchunked render'));
    const chunked = samples(present(rendered.get('chunked'), 'the chunked render'));
    expect(chunked.length).toBe(whole.length);
    let peak = 0;
    let worst = 0;
    for (let i = 0; i < whole.length; i++) {
      peak = Math.max(peak, Math.abs(whole[i]));
      worst = Math.max(worst, Math.abs(whole[i] - chunked[i]));
    }
    // Mixed and encoded once, from the same source, in both: the same samples (a gap, a click or AAC priming at a
    // chunk boundary would differ by thousands in a chirp this loud).
    expect(peak).toBeGreaterThan(5_000);
    expect(worst).toBeLessThanOrEqual(1);
    // Cut from the chunks that hold their frames while the others rendered: the middle frame (a JPEG names it
    // exactly), and the first 5 s at 5 fps: frames 0, 2, … 48. A GIF's palette may move the greys of the other
    // blocks by a step, so only the lowest block (N mod 16) is read there.
    for (const name of ['chunked', 'whole']) {
      const [thumbnail, gif] = present(previews.get(name), `the previews of ${name}`);
      writeFileSync(join(dir, `${name}.jpg`), thumbnail);
      writeFileSync(join(dir, `${name}.gif`), gif);
      expect([name, framesShown(join(dir, `${name}.jpg`))]).toEqual([name, [199]]);
      const gifLows = blockLevels(join(dir, `${name}.gif`)).map(([low]) => low);
      expect([name, gifLows]).toEqual([name, Array.from({ length: 25 }, (_, i) => (2 * i) % 16)]);
    }
  });
});
