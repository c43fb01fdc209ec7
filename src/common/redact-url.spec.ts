import { redactUrl, redactUrls } from './redact-url';

describe('redactUrl', () => {
  it('keeps scheme, host and path and replaces the query, the fragment and the userinfo', () => {
    expect(redactUrl('https://cdn.example.com/a/b.mp4?X-Amz-Signature=abc&X-Amz-Credential=def')).toBe('https://cdn.example.com/a/b.mp4?…');
    expect(redactUrl('https://hooks.example.com/in#token=abc')).toBe('https://hooks.example.com/in#…');
    expect(redactUrl('https://user:secret@example.com:8443/x')).toBe('https://…@example.com:8443/x');
    expect(redactUrl('http://127.0.0.1:9000/plain.mp4')).toBe('http://127.0.0.1:9000/plain.mp4');
  });
});

describe('redactUrls', () => {
  it('redacts every URL in a text and leaves the words around them', () => {
    const text =
      'downloading https://cdn.example.com/v.mp4?token=t0p about media URL "https://a:b@x.test/y?k=1" and reading from https://hooks.test/h?s=2 timed out';
    expect(redactUrls(text)).toBe(
      'downloading https://cdn.example.com/v.mp4?… about media URL "https://…@x.test/y?…" and reading from https://hooks.test/h?… timed out',
    );
  });
});
