import { minimalTaskBody } from '../../test/fixtures/task-bodies';
import { SampleMedia } from './sample-media';
import type { CreateTaskInput } from '../task-input/task-input.types';
import { SsrfGuard } from '../network/ssrf-guard';
import { screenTaskUrls } from '../tasks/create-pipeline';

// Here, above tasks: the screen is checked with the real sample URLs, whose exact matching it relies on.

const input = (mediaUrl: string, webhookUrl = 'https://hooks.example.com/x') => {
  const body = minimalTaskBody({}, { webhookUrl }) as unknown as CreateTaskInput;
  body.input.timeline.tracks[0].clips[0].media_url = mediaUrl;
  return body;
};

describe('screenTaskUrls', () => {
  const strict = new SsrfGuard([]);
  const samples = new SampleMedia('https://localhost:8443');

  it.each([
    'http://127.0.0.1/a.mp4',
    'http://169.254.169.254/latest/meta-data',
    'http://10.1.2.3/a.png',
    'http://[::1]/a.png',
    'http://[fd00::1]/a.png',
    'http://2130706433/a.png',
    'http://localhost:8080/a.png',
    'http://media.localhost/a.png',
  ])('refuses %s at create time, naming the field', (url) => {
    const issues = screenTaskUrls(input(url), { guard: strict, samples });
    expect(issues).toEqual([{ field: 'input.timeline.tracks[0].clips[0].media_url', issue: expect.stringMatching(/must not point at/), provided_value: url }]);
  });

  it('leaves public addresses and host names to the fetch-time guard', () => {
    expect(screenTaskUrls(input('https://media.example.com/a.mp4'), { guard: strict, samples })).toEqual([]);
    expect(screenTaskUrls(input('http://93.184.216.34/a.mp4'), { guard: strict, samples })).toEqual([]);
  });

  it('checks the webhook URL too', () => {
    expect(screenTaskUrls(input('https://media.example.com/a.mp4', 'https://192.168.1.10/hook'), { guard: strict, samples }).map((i) => i.field)).toEqual([
      'webhook.url',
    ]);
  });

  it('lets allow-listed addresses and hosts through', () => {
    expect(screenTaskUrls(input('http://127.0.0.1:9000/a.mp4', 'https://127.0.0.1/hook'), { guard: new SsrfGuard(['127.0.0.1']), samples })).toEqual([]);
    expect(screenTaskUrls(input('http://localhost:9000/a.mp4'), { guard: new SsrfGuard(['127.0.0.0/8']), samples })).toEqual([]);
    expect(screenTaskUrls(input('http://10.0.0.5/a.mp4'), { guard: new SsrfGuard(['10.0.0.0/8']), samples })).toEqual([]);
  });

  it("accepts the service's own sample URLs as media without an address check", () => {
    const body = input(samples.urlOf('testcard-640x360.mp4'));
    body.input.timeline.tracks[0].clips.push({ ...body.input.timeline.tracks[0].clips[0], id: 'clip-2', media_url: samples.urlOf('captions-zh.srt') });
    expect(screenTaskUrls(body, { guard: strict, samples })).toEqual([]);
  });

  it.each([
    'https://localhost:8443/v3/models',
    'https://localhost:8443/samples/../v3/models',
    'https://localhost:8443/samples/unknown.mp4',
    'https://localhost:8443/samples/%2e%2e/x',
    'https://localhost:8443/samples/tone.mp3?x=1',
    'https://localhost:9443/samples/tone.mp3',
    'https://127.0.0.1:8443/samples/tone.mp3',
    'http://localhost:8443/samples/tone.mp3',
  ])('still refuses the loopback URL %s', (url) => {
    expect(screenTaskUrls(input(url), { guard: strict, samples })).toEqual([
      { field: 'input.timeline.tracks[0].clips[0].media_url', issue: expect.stringMatching(/must not point at/), provided_value: url },
    ]);
  });

  it('gives webhooks no sample exception', () => {
    const url = samples.urlOf('tone.mp3');
    expect(screenTaskUrls(input(samples.urlOf('tone.mp3'), url), { guard: strict, samples })).toEqual([
      { field: 'webhook.url', issue: expect.stringMatching(/must not point at localhost/), provided_value: url },
    ]);
  });
});
