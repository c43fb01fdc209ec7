import { staticFile } from 'remotion';

/**
 * Real renders get http(s) URLs from the worker's media server; Studio samples
 * and fonts name files in the bundle's public dir.
 */
export function mediaSrc(src: string): string {
  return /^https?:\/\//i.test(src) ? src : staticFile(src);
}
