import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../common/project-root';

export type SampleKind = 'video' | 'image' | 'audio' | 'subtitle';

const SUBRIP = 'application/x-subrip; charset=utf-8';
const WEBVTT = 'text/vtt; charset=utf-8';

export interface SampleFile {
  name: string;
  kind: SampleKind;
  contentType: string;
  /** Of a video or audio file (what the worker's probe reads); null for stills and subtitles. */
  durationMs: number | null;
  /** Where the file is, under composition/public/samples. */
  path: string;
}

const media = (name: string, kind: SampleKind, contentType: string, durationMs: number | null = null): SampleFile => ({
  name,
  kind,
  contentType,
  durationMs,
  path: `media/${name}`,
});

/** A subtitle or transcript file of the Studio's samples, served as `captions-<file>` (the console's name for it). */
const studioCaptions = (file: string, contentType: string): SampleFile => ({
  name: `captions-${file}`,
  kind: 'subtitle',
  contentType,
  durationMs: null,
  path: `subtitles/${file}`,
});

/**
 * Every file the service serves under `/samples/`, and the only ones: a request
 * or a media URL names one of these or nothing. The files live in
 * composition/public/samples, where the Studio samples use them too: its
 * media folder whole, and the captions the console's samples need from its
 * subtitles folder (its en.srt and zh.srt are stood in for by captions-en.srt
 * and captions-zh.srt, which fit the 3 s test card).
 */
export const SAMPLE_FILES: readonly SampleFile[] = [
  media('testcard-640x360.mp4', 'video', 'video/mp4', 3000),
  media('bars-16x9.mp4', 'video', 'video/mp4', 4000),
  media('gradient-640x360.jpg', 'image', 'image/jpeg'),
  media('blue-16x9.png', 'image', 'image/png'),
  media('red-16x9.png', 'image', 'image/png'),
  media('checker-1x1.png', 'image', 'image/png'),
  media('tone.mp3', 'audio', 'audio/mpeg', 4049),
  media('captions-en.srt', 'subtitle', SUBRIP),
  media('captions-zh.srt', 'subtitle', SUBRIP),
  studioCaptions('ja.srt', SUBRIP),
  studioCaptions('ko.vtt', WEBVTT),
  studioCaptions('zh-hant.vtt', WEBVTT),
  studioCaptions('words.vtt', WEBVTT),
  studioCaptions('words.json', 'application/json; charset=utf-8'),
];

export const SAMPLES_DIR = join(projectRoot(__dirname), 'composition', 'public', 'samples');

/** One entry of GET /v3/samples. */
export interface SampleListing {
  name: string;
  url: string;
  kind: SampleKind;
  content_type: string;
  size_bytes: number;
  duration_ms: number | null;
}

/** `<PUBLIC_BASE_URL>/samples/`, with the host in the lower case and the port form URL parsing gives it. */
function samplesPrefix(publicBaseUrl: string): string {
  const base = new URL(publicBaseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/samples/`;
}

/**
 * The service's own sample media: the catalogue the route serves and lists, and
 * the one rule that lets a task use them without a network fetch. A media URL is
 * a sample exactly when it is, character for character, one of the URLs listed
 * by `GET /v3/samples` (`<PUBLIC_BASE_URL>/samples/<name>`): no parsing or
 * normalising of what the client sent, so no spelling (`..`, `%2e`, another
 * port, host or scheme, a query string) can reach anything else. Any other URL,
 * loopback or not, goes through the SSRF guard as before.
 */
export class SampleMedia {
  private readonly byName = new Map<string, SampleFile>();
  private readonly byUrl = new Map<string, SampleFile>();
  private readonly prefix: string;

  constructor(
    publicBaseUrl: string,
    private readonly dir: string = SAMPLES_DIR,
  ) {
    this.prefix = samplesPrefix(publicBaseUrl);
    for (const file of SAMPLE_FILES) {
      this.byName.set(file.name, file);
      this.byUrl.set(this.urlOf(file.name), file);
    }
  }

  urlOf(name: string): string {
    return `${this.prefix}${name}`;
  }

  /** The catalogue entry of a name from a request path, and its file; null for any other name. */
  find(name: string): { file: SampleFile; path: string } | null {
    const file = this.byName.get(name);
    return file ? { file, path: join(this.dir, file.path) } : null;
  }

  /** The file behind a media URL when it is exactly one of the sample URLs; null for every other URL. */
  sampleFileFor(url: string): string | null {
    const file = this.byUrl.get(url);
    return file ? join(this.dir, file.path) : null;
  }

  async list(): Promise<SampleListing[]> {
    return Promise.all(
      SAMPLE_FILES.map(async (file) => ({
        name: file.name,
        url: this.urlOf(file.name),
        kind: file.kind,
        content_type: file.contentType,
        size_bytes: (await stat(join(this.dir, file.path))).size,
        duration_ms: file.durationMs,
      })),
    );
  }
}
