import { subtitleExtension } from './media-extension';

describe('subtitleExtension', () => {
  it("names a subtitle file by its URL's extension, plain text otherwise", () => {
    expect(subtitleExtension('/captions/talk.VTT')).toBe('.vtt');
    expect(subtitleExtension('/captions/talk.json')).toBe('.json');
    expect(subtitleExtension('/captions/talk')).toBe('.txt');
  });

  it('makes a JSON response a transcript whatever its path says, and only a JSON one', () => {
    expect(subtitleExtension('/api/transcripts/42', 'application/json; charset=utf-8')).toBe('.json');
    expect(subtitleExtension('/api/transcripts/42', 'Application/JSON')).toBe('.json');
    expect(subtitleExtension('/api/transcripts/42.srt', 'application/jsonp')).toBe('.srt');
    expect(subtitleExtension('/talk.vtt', 'text/vtt')).toBe('.vtt');
  });
});
