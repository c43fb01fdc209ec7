/**
 * Hostile work that used to hold the event loop: subtitle bombs (parsed by the
 * worker, which with ROLE=all shares the loop with the API), valid subtitle
 * files whose planning grew faster than their size, and bodies of 10 000
 * clips. They are sent to a real `node dist/src/main.js` (ROLE=all, the
 * embedded default) whose event-loop delay is measured from inside by a
 * preloaded probe (perf_hooks.monitorEventLoopDelay): no stall over 150 ms
 * and, over hundreds of samples, p99 under 50 ms.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from '../e2e/scale-out/service-processes';
import { startMediaFixtures, type MediaFixtures } from '../support/media-fixtures';
import { send } from './fuzz-support';
import { MAX_P99_MS, MAX_STALL_MS, reportLoopDelay, startProbedService, type LoopDelay, type ProbedService } from './probed-service';

jest.setTimeout(600_000);

const cue = (n: number, text: string) => `${n}\n00:00:00,000 --> 00:00:01,000\n${text}\n`;

/** Each bomb, and what the failed task's message must name. */
const BOMBS: { file: string; content: () => string; names: RegExp }[] = [
  // 234 KB of nested and unclosed tags in one cue (13 s of event loop before), then a broken cue.
  {
    file: 'nested-tags.srt',
    content: () => `${cue(1, '<b><i>'.repeat(20_000) + '<b '.repeat(20_000) + '{\\'.repeat(20_000))}\n2\nnot a timing line\n`,
    names: /line 6: malformed timing line/,
  },
  // 40 MB of newlines (2.4 GB of heap before): the download stops at MAX_SUBTITLE_BYTES.
  { file: 'newlines.srt', content: () => '\n'.repeat(40 * 1024 * 1024), names: /MAX_SUBTITLE_BYTES/ },
  { file: 'many-cues.srt', content: () => Array.from({ length: 25_000 }, (_, i) => cue(i + 1, 'x')).join('\n'), names: /MAX_SUBTITLE_CUES/ },
  { file: 'many-lines.vtt', content: () => `WEBVTT\n\n00:00.000 --> 00:01.000\n${'a\n'.repeat(150_000)}`, names: /MAX_SUBTITLE_LINES/ },
  // Just under every limit, with the one error at its very end: the most parsing a file can cost.
  {
    file: 'largest-allowed.srt',
    content: () =>
      `${Array.from({ length: 14_000 }, (_, i) => cue(i + 1, `<i>line ${i}</i> &amp; {\\an8}more text to fill the cue up ${'w'.repeat(20)}`)).join('\n')}\n99\n00:00:00,000 --> broken\n`,
    names: /malformed timing line/,
  },
];

/** A task of 1 s at 160x90 and 10 fps with the given subtitle clips (media file names), each over the whole second. */
function subtitleTask(mediaBase: string, tracks: string[][]) {
  return {
    input: {
      timeline: {
        duration_ms: 1_000,
        tracks: tracks.map((files, t) => ({
          id: `s${t}`,
          type: 'subtitle',
          clips: files.map((file, c) => ({ id: `c${c}`, media_url: `${mediaBase}/${file}`, start_time_ms: 0, end_time_ms: 1_000 })),
        })),
      },
      output: { resolution: { width: 160, height: 90 }, framerate: 10 },
    },
    webhook: { url: 'https://127.0.0.1:9/hook' },
  };
}

const srtTime = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
const srtCue = (n: number, fromMs: number, toMs: number, text: string) => `${n}\n${srtTime(fromMs)} --> ${srtTime(toMs)}\n${text}\n`;
/** 20 000 cues of one frame each at 10 fps, one after the other: 2 000 s of them. */
const ONE_FRAME_CUES = () => Array.from({ length: 20_000 }, (_, i) => srtCue(i + 1, i * 100, i * 100 + 100, `cue ${i}`)).join('\n');
/** Three hours of speech transcribed in 4 s segments of about 90 characters each, as Whisper writes them. */
const WHISPER_LENGTH = () =>
  Array.from({ length: 2_700 }, (_, i) =>
    srtCue(i + 1, i * 4_000, i * 4_000 + 3_900, `and so what we found, when we looked at the numbers again for segment ${i}, was that it held up`),
  ).join('\n');
const clipsOf = (file: string, count: number) => Array.from({ length: count }, () => file);

/**
 * Valid subtitle files whose planning grew faster than their size, and what
 * the task must end with: completed, or failed with the code and the limit named.
 */
const HOSTILE_VALID: { name: string; files: Record<string, () => string>; tracks: string[][]; ends: { status: string; code?: string; names?: RegExp } }[] = [
  {
    name: 'one 120 KB line of opening brackets',
    files: { 'brackets.srt': () => srtCue(1, 0, 1_000, '「'.repeat(40_000)) },
    tracks: [['brackets.srt']],
    ends: { status: 'failed', code: 'INVALID_MEDIA_FORMAT', names: /cue 1 has 40000 characters, more than the 2000 allowed \(MAX_SUBTITLE_CUE_CHARS\)/ },
  },
  {
    name: '20 000 one-frame cues, the first ten on the timeline',
    files: { 'one-frame-cues.srt': ONE_FRAME_CUES },
    tracks: [['one-frame-cues.srt']],
    ends: { status: 'completed' },
  },
  {
    name: '500 clips sharing the 20 000-cue file',
    files: {},
    tracks: [clipsOf('one-frame-cues.srt', 200), clipsOf('one-frame-cues.srt', 200), clipsOf('one-frame-cues.srt', 100)],
    ends: { status: 'failed', code: 'TIMELINE_TOO_COMPLEX', names: /more than the 20000 cues allowed in one task \(MAX_TASK_SUBTITLE_CUES/ },
  },
  {
    name: '500 clips sharing a one-cue file, all on screen at once',
    files: { 'one-cue.srt': () => srtCue(1, 0, 1_000, 'together') },
    tracks: [clipsOf('one-cue.srt', 200), clipsOf('one-cue.srt', 200), clipsOf('one-cue.srt', 100)],
    ends: {
      status: 'failed',
      code: 'TIMELINE_TOO_COMPLEX',
      names: /17 subtitle cues are on screen at once at 0\.000 s, more than the 16 allowed \(MAX_SUBTITLE_CUES_AT_ONCE\)/,
    },
  },
  {
    name: 'a Whisper-length file (3 h, 2 700 cues)',
    files: { 'whisper-length.srt': WHISPER_LENGTH },
    tracks: [['whisper-length.srt']],
    ends: { status: 'completed' },
  },
];

describe('fuzz: hostile work does not hold the event loop', () => {
  let media: MediaFixtures;
  let service: ProbedService;

  const api = (method: string, path: string, body?: unknown) =>
    send(
      service.target,
      method,
      path,
      {
        authorization: `Bearer ${service.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    );

  async function waitForEnd(taskId: string): Promise<{ status: string; error?: { code: string; message: string } }> {
    for (const deadline = Date.now() + 240_000; Date.now() < deadline; await sleep(200)) {
      const record = JSON.parse((await api('GET', `/v3/tasks/${taskId}`)).text) as { status: string; error?: { code: string; message: string } };
      if (['completed', 'failed', 'canceled'].includes(record.status)) return record;
    }
    throw new Error(`task ${taskId} did not end`);
  }

  /**
   * The longest stall of an ordinary create at the clip limit (500 clips), measured in this run: validating a
   * body that large is allowed work whose cost follows the machine's speed (about 60 ms on a fast day here,
   * 240 ms on a slow one), while what this file hunts is amplification (seconds).
   */
  let ordinaryStallMs = 0;

  /** No stall past MAX_STALL_MS, or half again the ordinary create's on a machine slow enough to need more; p99 where it means something, over at least a hundred samples (1 ms each). */
  function expectLoopFree(delay: LoopDelay): void {
    expect(delay.samples).toBeGreaterThan(20);
    expect(delay.maxMs).toBeLessThan(Math.max(MAX_STALL_MS, 1.5 * ordinaryStallMs));
    if (delay.samples >= 100) expect(delay.p99Ms).toBeLessThan(MAX_P99_MS);
  }

  beforeAll(async () => {
    media = await startMediaFixtures();
    for (const bomb of BOMBS) writeFileSync(join(media.dir, bomb.file), bomb.content());
    for (const { files } of HOSTILE_VALID) for (const [file, content] of Object.entries(files)) writeFileSync(join(media.dir, file), content());
    service = await startProbedService('all');
    // The hostile cases' shape (500 subtitle clips over three tracks) on private addresses: validated whole, then
    // refused before any download.
    const tracks = [200, 200, 100].map((count, t) => ({
      id: `s${t}`,
      type: 'subtitle',
      clips: Array.from({ length: count }, (_, c) => ({ id: `c${c}`, media_url: `https://10.0.0.${t + 1}/s${c}.srt`, start_time_ms: 0, end_time_ms: 1_000 })),
    }));
    await service.loopDelay();
    const answer = await api('POST', '/v3/tasks', { input: { timeline: { duration_ms: 1_000, tracks }, output: { resolution: { width: 160, height: 90 } } } });
    expect([answer.status, (JSON.parse(answer.text) as { error: { code: string } }).error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const ordinary = await service.loopDelay();
    reportLoopDelay('an ordinary create of 500 clips (half again its stall bounds the others on a slow machine)', ordinary);
    ordinaryStallMs = ordinary.maxMs;
  });
  afterAll(async () => {
    await service?.stop();
    await media?.close();
  });

  it('fails every subtitle bomb with INVALID_MEDIA_FORMAT naming the limit, the loop never held', async () => {
    await service.loopDelay();
    const created = await Promise.all(
      BOMBS.map((bomb) =>
        api('POST', '/v3/tasks', {
          input: {
            timeline: {
              duration_ms: 1_000,
              tracks: [
                { id: 'v', type: 'video', clips: [{ id: 'bg', media_url: `${media.baseUrl}/red-320x180.png`, start_time_ms: 0, end_time_ms: 1_000 }] },
                { id: 's', type: 'subtitle', clips: [{ id: 'bomb', media_url: `${media.baseUrl}/${bomb.file}`, start_time_ms: 0, end_time_ms: 1_000 }] },
              ],
            },
            output: { resolution: { width: 160, height: 90 }, framerate: 10 },
          },
          webhook: { url: 'https://127.0.0.1:9/hook' },
        }),
      ),
    );
    for (const answer of created) expect(answer.status).toBe(201);
    const ended = await Promise.all(created.map((answer) => waitForEnd((JSON.parse(answer.text) as { task_id: string }).task_id)));
    const delay = await service.loopDelay();
    ended.forEach((record, i) => {
      expect([BOMBS[i].file, record.status, record.error?.code]).toEqual([BOMBS[i].file, 'failed', 'INVALID_MEDIA_FORMAT']);
      expect(record.error?.message).toMatch(BOMBS[i].names);
    });
    reportLoopDelay('subtitle bombs', delay);
    expectLoopFree(delay);
  });

  it.each(HOSTILE_VALID)('plans valid but hostile subtitles ($name) without holding the loop', async ({ name, tracks, ends }) => {
    // From the request to the task's end: the API's validation, then the worker's download, parse, plan and render
    // (a task refused at a limit can end before a window opened after its acceptance would have seen it).
    await service.loopDelay();
    const answer = await api('POST', '/v3/tasks', subtitleTask(media.baseUrl, tracks));
    expect(answer.status).toBe(201);
    const record = await waitForEnd((JSON.parse(answer.text) as { task_id: string }).task_id);
    const delay = await service.loopDelay();
    reportLoopDelay(name, delay);
    expect([record.status, record.error?.code]).toEqual([ends.status, ends.code]);
    if (ends.names) expect(record.error?.message).toMatch(ends.names);
    expectLoopFree(delay);
  });

  it('refuses ten 10 000-clip bodies at once as TIMELINE_TOO_COMPLEX, the loop never held', async () => {
    const clips = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, media_url: 'https://m.example/c.png', start_time_ms: 0, end_time_ms: 1 }));
    const body = JSON.stringify({
      input: { timeline: { duration_ms: 1_000, tracks: [{ id: 'v', type: 'video', clips }] }, output: { resolution: { width: 320, height: 180 } } },
      webhook: { url: 'https://hooks.example.com/x' },
    });
    expect(body.length).toBeLessThan(1024 * 1024);
    await service.loopDelay();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/v3/tasks', body)));
    const delay = await service.loopDelay();
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect((JSON.parse(answer.text) as { error: { code: string } }).error.code).toBe('TIMELINE_TOO_COMPLEX');
    }
    reportLoopDelay('10 x 10 000 clips', delay);
    expect(delay.samples).toBeGreaterThan(20);
    // Over a few dozen samples p99 is just the longest one, the JSON parse of one ~0.9 MB body (10-30 ms on a quiet
    // machine, 60 ms seen on a busy one): what is asserted here is that no single stall passes MAX_STALL_MS.
    expect(delay.maxMs).toBeLessThan(MAX_STALL_MS);
  });
});
