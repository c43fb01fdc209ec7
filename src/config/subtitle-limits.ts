/**
 * What one subtitle file may hold: MAX_SUBTITLE_BYTES, MAX_SUBTITLE_CUES and
 * MAX_SUBTITLE_LINES in the config. No imports, so the planner can use it in the
 * browser (Studio) too.
 */
export interface SubtitleLimits {
  maxBytes: number;
  maxCues: number;
  maxLines: number;
}

/** Generous for any real film (a feature has about 2 000 cues in 150 KB), small enough to parse in a few ms. */
export const DEFAULT_SUBTITLE_LIMITS: Readonly<SubtitleLimits> = { maxBytes: 2 * 1024 ** 2, maxCues: 20_000, maxLines: 100_000 };
