import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodingFor } from '../../src/render/encoding-settings';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { MEDIA_FILES, MUSIC, OVERLAY, drawtextFont, resolvedOutput, type ReferenceSize } from './reference-timeline';

function escapeFilterPath(path: string): string {
  // Inside a filter graph ':' separates options and '\'' quotes; temp paths hold neither, but be safe.
  return path.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
}

/** The overlay's drawn box: OVERLAY.scale of the canvas, in even pixels. */
export function overlayBoxSize(size: ReferenceSize): { width: number; height: number } {
  return { width: Math.round((size.width * OVERLAY.scale) / 2) * 2, height: Math.round((size.height * OVERLAY.scale) / 2) * 2 };
}

/**
 * A hand-written ffmpeg command for the reference timeline: cover (scale +
 * crop), the overlay blended in RGB with `screen` at its opacity, one drawtext
 * per subtitle cue (text, size, outline, shadow and anchor taken from the same
 * render plan), the clip's sound mixed with the faded music, and the encoder
 * settings the service uses for quality "standard". It is the floor: no
 * browser, one decode and one encode.
 */
export function ffmpegBaselineArgs(
  plan: RenderPlan,
  size: ReferenceSize,
  mediaDir: string,
  workDir: string,
  outPath: string,
): { args: string[]; cjkFont: boolean } {
  const { width: w, height: h, fps } = size;
  const { width: ovW, height: ovH } = overlayBoxSize(size);
  const ovX = Math.round(w / 2 + w * OVERLAY.offsetXFraction - ovW / 2);
  const ovY = Math.round(h / 2 + h * OVERLAY.offsetYFraction - ovH / 2);
  return baselineCommand(
    plan,
    size,
    { mediaDir, workDir, outPath },
    {
      picture: [
        `[0:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,fps=${fps},format=gbrp[base]`,
        // screen over black is the identity, so padding with black confines the blend to the overlay's box.
        `[1:v]scale=${ovW}:${ovH},pad=${w}:${h}:${ovX}:${ovY}:black,fps=${fps},format=gbrp[ov]`,
      ],
      overlayOpacity: OVERLAY.opacity,
      musicVolume: `volume=${MUSIC.volume}`,
    },
  );
}

/** The picture and the music's gain of one hand-written graph; the rest of the command is the same for every one. */
export interface BaselineGraph {
  /**
   * Chains from the inputs ([0:v] the video, [1:v] the overlay picture looped) to [base], the canvas under the
   * overlay, and [ov], the overlay on a black canvas: both canvas-size gbrp, blended with `screen`.
   */
  picture: string[];
  /** The screen blend's opacity (1 when [ov] is already darkened by it). */
  overlayOpacity: number;
  /** The music's gain ([2:a]), before its fades. */
  musicVolume: string;
}

/**
 * The command around a hand-written graph: the reference media as inputs, the
 * overlay screened onto the base, one drawtext per subtitle cue, the clip's
 * sound mixed with the faded music, and the service's encoder settings.
 */
export function baselineCommand(
  plan: RenderPlan,
  size: ReferenceSize,
  paths: { mediaDir: string; workDir: string; outPath: string },
  graph: BaselineGraph,
): { args: string[]; cjkFont: boolean } {
  const { mediaDir, workDir, outPath } = paths;
  const { fps } = size;
  const seconds = plan.durationInFrames / fps;
  const font = drawtextFont();
  const layer = plan.subtitles[0];
  const style = layer.style;
  const drawtexts = layer.cues.map((cue, index) => {
    const textFile = join(workDir, `cue-${index}.txt`);
    writeFileSync(textFile, cue.text);
    const from = (cue.fromFrame / fps).toFixed(3);
    const to = ((cue.fromFrame + cue.durationInFrames) / fps).toFixed(3);
    const options = [
      `fontfile='${escapeFilterPath(font.path)}'`,
      `textfile='${escapeFilterPath(textFile)}'`,
      `fontsize=${style.fontSizePx}`,
      `fontcolor=${style.color}`,
      `line_spacing=${Math.round(style.fontSizePx * (style.lineHeight - 1))}`,
      `x=${style.anchorX}-text_w/2`,
      `y=${style.anchorY}-text_h`,
      `enable='between(t\\,${from}\\,${to})'`,
    ];
    if (style.outline) options.push(`borderw=${Math.max(1, Math.round(style.outline.widthPx))}`, `bordercolor=${style.outline.color}`);
    if (style.shadow)
      options.push(
        `shadowx=${Math.round(style.shadow.offsetXPx)}`,
        `shadowy=${Math.round(style.shadow.offsetYPx)}`,
        `shadowcolor=${style.shadow.color}@${style.shadow.opacity}`,
      );
    return `drawtext=${options.join(':')}`;
  });
  const fadeOutStart = (seconds - MUSIC.fadeOutMs / 1000).toFixed(3);
  const filters = [
    ...graph.picture,
    // BT.709 limited range, as the file is tagged and as the service converts (swscale's default would be BT.601).
    `[base][ov]blend=all_mode=screen:all_opacity=${graph.overlayOpacity},scale=out_color_matrix=bt709:out_range=tv,format=yuv420p${drawtexts.length ? `,${drawtexts.join(',')}` : ''}[v]`,
    `[2:a]${graph.musicVolume},afade=t=in:st=0:d=${MUSIC.fadeInMs / 1000},afade=t=out:st=${fadeOutStart}:d=${MUSIC.fadeOutMs / 1000}[music]`,
    `[0:a][music]amix=inputs=2:normalize=0:duration=longest[a]`,
  ].join(';');
  const enc = encodingFor(resolvedOutput(size));
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    join(mediaDir, MEDIA_FILES.video),
    '-loop',
    '1',
    '-framerate',
    String(fps),
    '-t',
    seconds.toFixed(3),
    '-i',
    join(mediaDir, MEDIA_FILES.image),
    '-i',
    join(mediaDir, MEDIA_FILES.audio),
    '-filter_complex',
    filters,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    enc.x264Preset ?? 'veryfast',
    '-crf',
    String(enc.crf ?? 23),
    '-pix_fmt',
    'yuv420p',
    '-colorspace',
    'bt709',
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-color_range',
    'tv',
    '-c:a',
    'aac',
    '-b:a',
    String(enc.audioBitrate),
    '-t',
    seconds.toFixed(3),
    '-movflags',
    '+faststart',
    outPath,
  ];
  return { args, cjkFont: font.cjk };
}
