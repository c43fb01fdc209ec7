/**
 * Loudness and ducking (spec/extensions.md §5) through the API on the default
 * engine, measured from the output files: a timeline of music and speech-like
 * sound normalised to -16 LUFS, and a music bed ducking under voice-like
 * bursts. Both bodies are read back as sent.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { renderThroughApi } from '../../support/rendered-video';
import { loudnessOf, lowLevels, meanLevel, writeSound } from '../../support/sound';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(300_000);

const SECONDS = 6;

describe('loudness and ducking through the API (HTTPS, default engine)', () => {
  let media: MediaFixtures;
  let app: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'rs-sound-'));

  const body = (tracks: unknown[], audio?: unknown) => ({
    input: {
      timeline: { duration_ms: SECONDS * 1000, tracks },
      output: { resolution: { width: 160, height: 90 }, framerate: 10, ...(audio === undefined ? {} : { audio }) },
    },
    webhook: { url: 'https://hooks.example.com/render' },
  });
  const clip = (id: string, name: string, properties?: Record<string, unknown>) => ({
    id,
    media_url: `${media.baseUrl}/${name}`,
    start_time_ms: 0,
    end_time_ms: SECONDS * 1000,
    ...(properties === undefined ? {} : { properties }),
  });

  beforeAll(async () => {
    media = await startMediaFixtures();
    for (const source of ['music', 'speech', 'bed', 'bursts'] as const) await writeSound(join(media.dir, `${source}.wav`), source, SECONDS);
    app = await startTestApp({ role: 'all' });
  });
  afterAll(async () => {
    await app?.close();
    await media?.close();
  });

  it('normalises the output to -16 LUFS within 1 LU, its true peak at most -1 dBTP + 0.5', async () => {
    const sent = body(
      [
        { id: 'music', type: 'audio', clips: [clip('song', 'music.wav', { volume: 0.3 })] },
        { id: 'talk', type: 'audio', clips: [clip('talk', 'speech.wav', { volume: 0.2 })] },
      ],
      { loudness: { target_lufs: -16 } },
    );
    const path = join(dir, 'loudness.mp4');
    const { taskId, client } = await renderThroughApi(app, sent, path);
    const measured = await loudnessOf(path);
    expect(Math.abs(measured.lufs + 16)).toBeLessThanOrEqual(1);
    expect(measured.truePeakDb).toBeLessThanOrEqual(-0.5);
    const readBack = await client.get(`/v3/tasks/${taskId}/request`);
    expect(readBack.body.request.input.output.audio).toEqual({ loudness: { target_lufs: -16 } });
  });

  it('ducks a music bed under voice-like bursts by at least amount_db - 3 dB, back within release_ms + 100 ms', async () => {
    const ducking = { under: ['voice'], amount_db: 15, attack_ms: 50, release_ms: 300 };
    const sent = body([
      { id: 'music', type: 'audio', clips: [clip('bed', 'bed.wav', { ducking })] },
      { id: 'voice', type: 'audio', clips: [clip('line', 'bursts.wav')] },
    ]);
    const path = join(dir, 'ducking.mp4');
    const { taskId, client } = await renderThroughApi(app, sent, path);
    const levels = await lowLevels(path);
    // Bursts from 0.5 to 1.3 s of every 2 s.
    for (const burst of [0, 2, 4]) {
      const between = meanLevel(levels, burst + 1.8, burst + 2.4);
      expect(between - meanLevel(levels, burst + 0.7, burst + 1.2)).toBeGreaterThanOrEqual(15 - 3);
      expect(between - meanLevel(levels, burst + 1.3 + 0.4, burst + 1.3 + 0.45)).toBeLessThan(1);
    }
    const readBack = await client.get(`/v3/tasks/${taskId}/request`);
    expect(readBack.body.request.input.timeline.tracks[0].clips[0].properties).toEqual({ ducking });
  });

  it('refuses ducking under a track the timeline does not have, at its exact path', async () => {
    const client = await app.client();
    const refused = await client.post(
      '/v3/tasks',
      body([{ id: 'music', type: 'audio', clips: [clip('bed', 'bed.wav', { ducking: { under: ['narrator'] } })] }]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details).toEqual([
      {
        field: 'input.timeline.tracks[0].clips[0].properties.ducking.under[0]',
        issue: 'must be the id of an audio or video track of the timeline',
        provided_value: 'narrator',
      },
    ]);
  });
});
