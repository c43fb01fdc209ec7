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

/**
 * What the subtitles of one task may bring to its timeline, whatever files they
 * come from (500 clips may share one file): MAX_TASK_SUBTITLE_CUES,
 * MAX_TASK_SUBTITLE_CHARS, MAX_SUBTITLE_CUE_CHARS and MAX_SUBTITLE_CUES_AT_ONCE
 * in the config. They bound the planner's work and the plan the browser draws.
 */
export interface SubtitlePlanLimits {
  /** Cues of all subtitle clips together, a file counted once for each clip that shows it. */
  maxCues: number;
  /** Characters (UTF-16 code units) of those cues' text together. */
  maxChars: number;
  /** Characters of one cue's text. */
  maxCueChars: number;
  /** Cues on screen at the same frame, across every subtitle clip. */
  maxCuesAtOnce: number;
  /** Timed words of the clips that show word-level captions, together (spec/extensions.md §4: 50 000). */
  maxWords: number;
}

/** A film has about 2 000 cues and 80 000 characters, a three-hour transcript about 4 000 and 250 000; a cue is a few lines. */
export const DEFAULT_SUBTITLE_PLAN_LIMITS: Readonly<SubtitlePlanLimits> = {
  maxCues: 20_000,
  maxChars: 500_000,
  maxCueChars: 2_000,
  maxCuesAtOnce: 16,
  maxWords: 50_000,
};
