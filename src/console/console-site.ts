import { extname, join } from 'node:path';
import { projectRoot } from '../common/project-root';

/** Where `npm run build` puts the console (scripts/build.js, step "console"). */
export const CONSOLE_DIR = join(projectRoot(__dirname), 'dist', 'console');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Segments of letters, digits, `_`, `-` and `.`, never starting with a dot:
 * no `..`, no hidden files, no percent-encoding (so no encoded slash or dot either).
 */
const FILE_PATH = /^\/console\/((?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*)$/;

/** The built file a raw request path names (relative to CONSOLE_DIR) and its type; null for any other path. */
export function consoleFile(rawPath: string): { file: string; contentType: string } | null {
  if (rawPath === '/console' || rawPath === '/console/') return { file: 'index.html', contentType: CONTENT_TYPES['.html'] };
  const file = FILE_PATH.exec(rawPath)?.[1];
  const contentType = file === undefined ? undefined : CONTENT_TYPES[extname(file).toLowerCase()];
  return file === undefined || contentType === undefined ? null : { file, contentType };
}

/**
 * The console's Content-Security-Policy: its own scripts and styles only (no
 * inline code), API calls to its own origin, and images and video also from
 * where the output links point (S3 or STORAGE_PUBLIC_URL may be another origin).
 */
export function consolePolicy(outputOrigins: readonly string[]): string {
  const others = [...new Set(outputOrigins)].join(' ');
  const media = others === '' ? "'self'" : `'self' ${others}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${media} blob: data:`,
    `media-src ${media}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
