import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A binary Remotion ships in `@remotion/compositor-linux-x64-gnu` (its minimal
 * ffmpeg or ffprobe), or null where the package or the file is missing.
 */
export function remotionBinary(name: 'ffmpeg' | 'ffprobe'): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional, platform-specific package: loaded only when present
    const dir = (require('@remotion/compositor-linux-x64-gnu') as { dir: string }).dir;
    const binary = join(dir, name);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}
