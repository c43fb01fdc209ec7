import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeMedia } from './ffprobe';
import { parseSubtitleFile } from '../subtitles/subtitle-parser';
import { isTranscriptPath, parseTranscript } from '../subtitles/transcript-parser';
import { SAMPLE_FILES, SAMPLES_DIR, SampleMedia } from './sample-media';

describe('SampleMedia', () => {
  const samples = new SampleMedia('https://localhost:8443');

  it('catalogues every file of the media folder, and the Studio captions it names exist', () => {
    const inMedia = SAMPLE_FILES.filter((file) => file.path.startsWith('media/'));
    expect(inMedia.map((file) => file.path).sort()).toEqual(
      readdirSync(join(SAMPLES_DIR, 'media'))
        .map((name) => `media/${name}`)
        .sort(),
    );
    for (const file of SAMPLE_FILES) expect([file.path, existsSync(join(SAMPLES_DIR, file.path))]).toEqual([file.path, true]);
    expect(new Set(SAMPLE_FILES.map((file) => file.name)).size).toBe(SAMPLE_FILES.length);
  });

  it('lists name, absolute URL, kind, type and the size on disk', async () => {
    const listed = await samples.list();
    expect(listed).toHaveLength(SAMPLE_FILES.length);
    expect(listed.find((entry) => entry.name === 'testcard-640x360.mp4')).toEqual({
      name: 'testcard-640x360.mp4',
      url: 'https://localhost:8443/samples/testcard-640x360.mp4',
      kind: 'video',
      content_type: 'video/mp4',
      size_bytes: statSync(join(SAMPLES_DIR, 'media', 'testcard-640x360.mp4')).size,
      duration_ms: 3000,
    });
    expect(new Set(listed.map((entry) => entry.kind))).toEqual(new Set(['video', 'image', 'audio', 'subtitle']));
  });

  describe('each file is what the catalogue says, as the worker reads it', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'sample-media-spec-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    // ffprobe runs as a process of its own: on two cores busy with the other test workers it can take seconds (hence 30 s).
    it.each(SAMPLE_FILES.filter((file) => file.kind !== 'subtitle').map((file) => [file.name, file]))(
      '%s',
      async (_name, file) => {
        // The worker probes its cached copy, which has no extension.
        const copy = join(dir, file.name.replace(/\W/g, '_'));
        copyFileSync(join(SAMPLES_DIR, file.path), copy);
        const probe = await probeMedia(copy);
        expect({ still: probe.isStillImage, video: probe.video !== null, audio: probe.audio !== null }).toEqual({
          still: file.kind === 'image',
          video: file.kind !== 'audio',
          // The videos have sound, so a first timeline with one clip has some.
          audio: file.kind === 'video' || file.kind === 'audio',
        });
        expect(file.kind === 'image' ? null : probe.durationMs).toBe(file.durationMs);
      },
      30_000,
    );

    it.each(SAMPLE_FILES.filter((file) => file.kind === 'subtitle').map((file) => [file.name, file]))('%s', (_name, file) => {
      const content = readFileSync(join(SAMPLES_DIR, file.path));
      // As the worker picks the parser: a transcript by its .json name.
      const cues = isTranscriptPath(file.name) ? parseTranscript(content, file.name) : parseSubtitleFile(content, file.name);
      expect(cues.length).toBeGreaterThan(0);
      // The first task's captions fit the test card's 3 s, so it shows all of them.
      if (file.path.startsWith('media/')) expect(Math.max(...cues.map((cue) => cue.endMs))).toBeLessThanOrEqual(3000);
    });
  });

  it.each(SAMPLE_FILES.map((file) => [file.name, file]))('resolves the listed URL of %s to its file', (name, file) => {
    const url = samples.urlOf(name);
    const path = samples.sampleFileFor(url);
    expect(path).toBe(join(SAMPLES_DIR, file.path));
    expect(existsSync(path ?? '')).toBe(true);
    // What the worker's URL parsing makes of it is the same string, so the edge and the worker agree.
    expect(new URL(url).href).toBe(url);
  });

  it.each([
    'https://localhost:8443/v3/models',
    'https://localhost:8443/samples/../v3/models',
    'https://localhost:8443/samples/unknown.mp4',
    'https://localhost:8443/samples/%2e%2e/x',
    'https://localhost:8443/samples/%2e%2e/bars-16x9.mp4',
    'https://localhost:8443/samples/x/../bars-16x9.mp4',
    'https://localhost:8443/samples/bars-16x9%2Emp4',
    'https://localhost:8443/samples/',
    'https://localhost:8443/samples/bars-16x9.mp4/',
    'https://localhost:8443//samples/bars-16x9.mp4',
    'https://localhost:8443/Samples/bars-16x9.mp4',
    'https://localhost:8443/samples/bars-16x9.mp4?x=1',
    'https://localhost:8443/samples/bars-16x9.mp4#t=1',
    'https://localhost:8444/samples/bars-16x9.mp4',
    'https://127.0.0.1:8443/samples/bars-16x9.mp4',
    'https://LOCALHOST:8443/samples/bars-16x9.mp4',
    'https://user@localhost:8443/samples/bars-16x9.mp4',
    'http://localhost:8443/samples/bars-16x9.mp4',
    ' https://localhost:8443/samples/bars-16x9.mp4',
    'https://localhost:8443/samples/tone.mp3 ',
  ])('is not a sample: %s', (url) => {
    expect(samples.sampleFileFor(url)).toBeNull();
  });

  it('looks names up in the catalogue only', () => {
    expect(samples.find('tone.mp3')).toEqual({
      file: expect.objectContaining({ kind: 'audio', contentType: 'audio/mpeg' }),
      path: join(SAMPLES_DIR, 'media', 'tone.mp3'),
    });
    for (const name of ['..', '../samples/tone.mp3', '%2e%2e', 'TONE.MP3', '', 'constructor', '__proto__']) expect(samples.find(name)).toBeNull();
  });

  it('builds URLs under PUBLIC_BASE_URL as URL parsing writes it, path prefix included', () => {
    expect(new SampleMedia('https://Render.Example.com').urlOf('tone.mp3')).toBe('https://render.example.com/samples/tone.mp3');
    expect(new SampleMedia('https://render.example.com:443').urlOf('tone.mp3')).toBe('https://render.example.com/samples/tone.mp3');
    expect(new SampleMedia('https://example.com/render').urlOf('tone.mp3')).toBe('https://example.com/render/samples/tone.mp3');
    expect(new SampleMedia('https://example.com/render').sampleFileFor('https://example.com/samples/tone.mp3')).toBeNull();
  });
});
