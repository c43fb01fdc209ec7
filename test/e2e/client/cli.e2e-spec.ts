import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTaskBody } from '../../../src/client/demo-timeline';
import { ffprobe } from '../../support/media-fixtures';
import { present } from '../../support/present';
import { startTestApp, type TestApp } from '../../support/test-app';
import { postWebhook as post, signedHeaders } from '../../support/webhook-post';
import { runCli, spawnCli } from './cli-process';

jest.setTimeout(180_000);

describe('render-cli against a running service', () => {
  let app: TestApp;
  let env: Record<string, string>;
  const work = mkdtempSync(join(tmpdir(), 'rs-cli-'));

  const writeBody = (name: string, body: unknown) => {
    const path = join(work, name);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };

  beforeAll(async () => {
    app = await startTestApp({ role: 'all', env: { WORKER_CONCURRENCY: '1' } });
    const client = await app.client();
    env = { RENDER_API_URL: `${app.baseUrl}/v3`, RENDER_API_KEY: client.key, RENDER_API_CA: app.certPath };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('renders the demo timeline with --wait and downloads a valid video, thumbnail and preview', async () => {
    const out = join(work, 'out');
    const run = await runCli(['render', writeBody('demo.json', demoTaskBody(app.baseUrl)), '--wait', '--out', out], env);
    expect(run.stderr).not.toContain('error:');
    expect(run.code).toBe(0);
    const taskId = present(/^task (tsk_\w+) queued$/m.exec(run.stdout), 'a "task … queued" line on stdout')[1];
    // Not a terminal: plain progress lines, phases in order, ending at 100 %.
    const phases = [...run.stderr.matchAll(/^tsk_\w+ \[[#.]{30}\]\s+(\d+)% (\w+)$/gm)].map((m) => [Number(m[1]), m[2]] as const);
    // Which phases a poll catches depends on how fast the render is (the compositor draws this one in about 1 s);
    // each line shows a real phase, in the order the task goes through them.
    const order = ['queued', 'processing', 'download', 'render', 'upload', 'completed'];
    const seen = phases.map(([, phase]) => order.indexOf(phase));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((index) => index >= 0)).toBe(true);
    expect(phases.at(-1)).toEqual([100, 'completed']);
    expect(phases.map(([pct]) => pct)).toEqual([...phases.map(([pct]) => pct)].sort((a, b) => a - b));

    const files = run.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => /^(\S+) {2}([\d.]+ [KM]iB)$/.exec(line));
    const downloaded = [join(out, `${taskId}.mp4`), join(out, `${taskId}-thumbnail.jpg`), join(out, `${taskId}-preview.gif`)];
    expect(files.map((m) => m?.[1])).toEqual(downloaded);
    for (const path of downloaded) expect(statSync(path).size).toBeGreaterThan(1000);

    const video = ffprobe(join(out, `${taskId}.mp4`));
    const picture = present(
      video.streams.find((s) => s.codec_type === 'video'),
      'a video stream in the downloaded mp4',
    );
    expect([picture.codec_name, picture.width, picture.height]).toEqual(['h264', 640, 360]);
    expect(video.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Number(video.format.duration)).toBeCloseTo(4, 0);
    expect(ffprobe(join(out, `${taskId}-thumbnail.jpg`)).streams[0].codec_name).toBe('mjpeg');
    expect(ffprobe(join(out, `${taskId}-preview.gif`)).streams[0].codec_name).toBe('gif');

    const status = await runCli(['status', taskId], env);
    expect(JSON.parse(status.stdout)).toMatchObject({ task_id: taskId, status: 'completed', progress: { percentage: 100 } });
    const list = await runCli(['list', '--status', 'completed'], env);
    expect(list.stdout).toMatch(new RegExp(`^${taskId}  completed `, 'm'));
  });

  it('reports a failed render with its code, retries it and cancels the retry', async () => {
    const body = demoTaskBody(app.baseUrl);
    body.input.timeline.tracks = [body.input.timeline.tracks[1]];
    // Not a sample name: an ordinary URL, fetched over the network (127.0.0.1 is allow-listed here) and answered 404.
    body.input.timeline.tracks[0].clips = [{ ...body.input.timeline.tracks[0].clips[0], media_url: `${app.baseUrl}/samples/missing.mp4` }];
    const failed = await runCli(['render', writeBody('missing.json', body), '--wait'], env);
    // Exit 4: the task ended failed (not a refused request); the code line, then a hint about media URLs.
    expect(failed.code).toBe(4);
    expect(failed.stderr).toMatch(/^error: MEDIA_DOWNLOAD_FAILED: \S.*\n(.*\n)*hint: .*NETWORK_ALLOWLIST/m);
    const taskId = present(/^task (tsk_\w+) queued$/m.exec(failed.stdout), 'a "task … queued" line on stdout')[1];

    const retried = await runCli(['retry', taskId], env);
    expect(retried.code).toBe(0);
    const retryId = present(new RegExp(`^${taskId} retried as (tsk_\\w+) \\(retry 1\\)$`).exec(retried.stdout.trim()), 'a "… retried as …" line on stdout')[1];
    const record = JSON.parse((await runCli(['status', retryId], env)).stdout);
    expect(record).toMatchObject({ task_id: retryId, original_task_id: taskId, retry_count: 1 });
  });

  it('cancels a task it submitted without waiting, once', async () => {
    const submitted = await runCli(['render', writeBody('cancel.json', demoTaskBody(app.baseUrl))], env);
    expect(submitted.code).toBe(0);
    const taskId = present(/^task (tsk_\w+) queued$/.exec(submitted.stdout.trim()), 'a "task … queued" line on stdout')[1];
    const canceled = await runCli(['cancel', taskId], env);
    expect(canceled.stdout.trim()).toMatch(new RegExp(`^${taskId} canceled at \\d{4}-`));
    const again = await runCli(['cancel', taskId], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, expect.stringMatching(/^error: TASK_NOT_CANCELABLE: .*canceled/)]);
    const list = await runCli(['list', '--status', 'canceled'], env);
    expect(list.stdout).toMatch(new RegExp(`^${taskId}  canceled `, 'm'));
  });

  it('starts API errors with "error: <CODE>: <message>", exits 1, and lists every validation problem with the request id', async () => {
    const cases: [string[], Record<string, string>, string][] = [
      [['models'], { ...env, RENDER_API_KEY: 'rs_wrongwrongwrongwrongwrongwrongwr' }, 'INVALID_API_KEY'],
      [['status', 'tsk_doesnotexist'], env, 'TASK_NOT_FOUND'],
      [['retry', 'tsk_doesnotexist'], env, 'TASK_NOT_FOUND'],
    ];
    for (const [args, runEnv, code] of cases) {
      const run = await runCli(args, runEnv);
      expect([run.code, run.stderr]).toEqual([1, expect.stringMatching(new RegExp(`^error: ${code}: [^\\n]+\\n(.+\\n)*hint: `))]);
    }
    // Three problems: no tracks, an unknown format, an opacity over 1 (the last two inside a track of their own).
    const bad = {
      input: {
        timeline: {
          duration_ms: 1000,
          tracks: [
            {
              id: 'v',
              type: 'video',
              clips: [{ id: 'c', media_url: 'https://h.example/a.mp4', start_time_ms: 0, end_time_ms: 1000, properties: { opacity: 7 } }],
            },
          ],
        },
        output: { format: 'avi' },
      },
      webhook: { url: 'https://h.example/x' },
    };
    const run = await runCli(['render', writeBody('bad.json', bad)], env);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^error: VALIDATION_ERROR: /);
    const problems = lines.filter((line) => line.startsWith('  '));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}input\.timeline\.tracks\[0\]\.clips\[0\]\.properties\.opacity: .+ \(sent: 7\)$/),
        expect.stringMatching(/^ {2}input\.output\.format: .*mp4.* \(sent: "avi"\)$/),
      ]),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^request id: req_\w+$/));
  });

  it('exits 2 with a usage line for mistakes in the command line, and 3 when the service is not there', async () => {
    for (const args of [['status'], ['list', '--status', 'done'], ['frobnicate'], ['preview'], ['render', join(work, 'absent.json')]]) {
      const run = await runCli(args, env);
      expect([args, run.code, run.stderr]).toEqual([args, 2, expect.stringMatching(/^error: USAGE: .+\n/)]);
    }
    const nobodyThere = await runCli(['models'], { ...env, RENDER_API_URL: 'https://127.0.0.1:9/v3' });
    expect([nobodyThere.code, nobodyThere.stderr]).toEqual([3, expect.stringMatching(/^error: NETWORK_ERROR: .+\n(.+\n)*hint: .*RENDER_API_URL/)]);
    const unconfigured = await runCli(['models'], {});
    expect([unconfigured.code, unconfigured.stderr]).toEqual([2, expect.stringContaining('RENDER_API_URL')]);
  });

  it('lists models and reports usage', async () => {
    const models = await runCli(['models'], env);
    expect(models.stdout).toMatch(/^standard\s+4096x2160\s+3600 s\s+mp4,mov,webm /m);
    expect(models.stdout).toMatch(/^premium\s+7680x4320\s+7200 s\s+mp4,mov,webm,prores /m);
    const usage = await runCli(['usage', '--period', 'today'], env);
    expect(JSON.parse(usage.stdout)).toMatchObject({ period: 'today', usage: { total_renders: expect.any(Number) } });
  });
});

describe('render-cli webhook-listen', () => {
  const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const listeners: Array<ReturnType<typeof spawnCli>> = [];
  afterAll(() => listeners.forEach(({ child }) => child.kill()));

  async function waitFor(output: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const match = output().match(pattern);
      if (match) return match;
    }
    throw new Error(`no ${pattern} in the listener's output:\n${output()}`);
  }

  /** Starts a listener on a free port; resolves with its URL and the certificate to trust. */
  async function listen(env: Record<string, string>, args: string[] = [], stdin?: string) {
    const listener = spawnCli(['webhook-listen', '--port', '0', ...args], env);
    listeners.push(listener);
    if (stdin !== undefined) listener.child.stdin.end(stdin);
    const [, url, certPath] = await waitFor(listener.output, /listening on (\S+) \(certificate (\S+)\)/);
    return { ...listener, url, ca: readFileSync(certPath) };
  }

  const signed = (body: string) => signedHeaders(body, SECRET);

  it('with the secret on stdin, prints verified events escaped and refuses the others without their payload', async () => {
    const { url, ca, output } = await listen({}, ['--secret-stdin'], `${SECRET}\n`);
    // ESC ] 0 ; … BEL would retitle the terminal, ESC [ 2 J clear it; U+009B is a one-character CSI.
    const verified = JSON.stringify({ event: 'task.failed', task_id: 'tsk_cli\u001b[2J', data: { note: '\u001b]0;owned\u0007 \u009b31m' } });
    expect(await post(url, ca, verified, signed(verified))).toBe(200);
    const forged = JSON.stringify({ event: 'task.completed', task_id: 'tsk_forged\u001b[2J', data: { video_url: 'https://evil.example/x' } });
    expect(await post(url, ca, forged, signed(verified))).toBe(401);
    expect(await post(url, ca, forged, { 'content-type': 'application/json' })).toBe(401);
    await waitFor(output, /(REJECTED.*\n.*){2}/);
    const lines = output().trim().split('\n').slice(1);
    // eslint-disable-next-line no-control-regex -- looking for control characters (but the line ends) is the point
    expect(output()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(lines[0]).toMatch(/ verified task\.failed tsk_cli\\u001b\[2J \{"note":".*\\u009b31m"\}$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/ REJECTED \(signature mismatch\): \d+ bytes not shown$/),
      expect.stringMatching(/ REJECTED \(missing webhook-id, webhook-timestamp or webhook-signature\): \d+ bytes not shown$/),
    ]);
    expect(output()).not.toContain('tsk_forged');
  });

  it('takes the secret from RENDER_WEBHOOK_SECRET', async () => {
    const { url, ca, output } = await listen({ RENDER_WEBHOOK_SECRET: SECRET });
    const body = JSON.stringify({ event: 'task.completed', task_id: 'tsk_env', data: {} });
    expect(await post(url, ca, body, signed(body))).toBe(200);
    await waitFor(output, / verified task\.completed tsk_env \{\}/);
  });

  it('refuses a secret on the command line without echoing it, and does not start without a secret', async () => {
    for (const args of [['--secret', 'hunter2-secret'], ['--secret=hunter2-secret']]) {
      const run = await runCli(['webhook-listen', '--port', '0', ...args], {});
      expect([run.code, run.stderr]).toEqual([2, expect.stringMatching(/^error: USAGE: --secret is not accepted.*RENDER_WEBHOOK_SECRET/)]);
      expect(run.stderr + run.stdout).not.toContain('hunter2-secret');
    }
    const unset = await runCli(['webhook-listen', '--port', '0'], {});
    expect([unset.code, unset.stderr]).toEqual([2, expect.stringMatching(/^error: USAGE: no webhook secret: set RENDER_WEBHOOK_SECRET/)]);
  });
});
