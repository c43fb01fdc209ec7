import type { ValidationIssue } from '../../common/api-error';
import { issue } from '../../common/validation/validation-report';
import { FONT_ALIASES, FONT_KEYS, resolveFontKey } from '../../fonts/font-keys';

/**
 * INVALID_FONT text, built from the shared key list only: the API process can
 * answer it without loading the font catalogue and its files.
 */
export function availableFontsMessage(): string {
  const aliases = Object.entries(FONT_ALIASES).map(([alias, key]) => `${alias} (= ${key})`);
  return `Available font keys: ${FONT_KEYS.join(', ')}. Aliases: ${aliases.join(', ')}.`;
}

/** The track types whose clips draw text in a `font_family`. */
const TEXT_TRACK_TYPES: ReadonlySet<string> = new Set(['subtitle', 'text']);

/** Every subtitle or text clip `font_family` of a structurally valid body that names no key or alias. */
export function unknownFontIssues(tracks: ReadonlyArray<{ type: string; clips: ReadonlyArray<{ properties?: object }> }>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  tracks.forEach((track, trackIndex) => {
    if (!TEXT_TRACK_TYPES.has(track.type)) return;
    track.clips.forEach((clip, clipIndex) => {
      const family = (clip.properties as { font_family?: string } | undefined)?.font_family;
      if (family !== undefined && resolveFontKey(family) === null) {
        issues.push(issue(`input.timeline.tracks[${trackIndex}].clips[${clipIndex}].properties.font_family`, 'is not a font key or alias', family));
      }
    });
  });
  return issues;
}
