import { consoleFile, consolePolicy } from './console-site';

describe('consoleFile', () => {
  it('serves the page at /console and /console/, and built files by their path', () => {
    expect(consoleFile('/console')).toEqual({ file: 'index.html', contentType: 'text/html; charset=utf-8' });
    expect(consoleFile('/console/')).toEqual({ file: 'index.html', contentType: 'text/html; charset=utf-8' });
    expect(consoleFile('/console/console.css')).toEqual({ file: 'console.css', contentType: 'text/css; charset=utf-8' });
    expect(consoleFile('/console/modules/console/web/main.js')).toEqual({ file: 'modules/console/web/main.js', contentType: 'text/javascript; charset=utf-8' });
  });

  it.each([
    '/console/../package.json',
    '/console/modules/../../src/main.ts',
    '/console/%2e%2e/package.json',
    '/console/modules%2fmain.js',
    '/console/.build-stamp',
    '/console/modules/.hidden.js',
    '/console//main.js',
    '/console/main.js/',
    '/console/main.ts',
    '/console/main.js.map',
    '/console/README',
    '/consolex/main.js',
    '/console\\main.js',
  ])('refuses %s', (path) => {
    expect(consoleFile(path)).toBeNull();
  });
});

describe('consolePolicy', () => {
  it('allows only its own scripts, styles and API, and output media from the storage origins', () => {
    const policy = consolePolicy(['https://bucket.s3.example.com', 'https://bucket.s3.example.com']);
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' https://bucket.s3.example.com blob: data:",
      "media-src 'self' https://bucket.s3.example.com",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(consolePolicy([])).toContain("media-src 'self';");
  });
});
