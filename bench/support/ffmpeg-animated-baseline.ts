import { BEZIER_EASINGS, type Easing, type PlanKeyframe, type PlanMotion, type PlanTransition, type Vec2 } from '../../src/render/plan/motion';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { present } from '../../test/support/present';
import { baselineCommand, overlayBoxSize } from './ffmpeg-baseline';
import type { ReferenceSize } from './reference-timeline';

function num(value: number): string {
  return String(Number(value.toFixed(6)));
}

/**
 * `easing` at the progress `p` (an expression, clamped to 0..1). A Bézier is
 * solved as motion.ts solves it: the parameter t where its x is p, by Newton's
 * method from t = p (eight steps; registers 0 to 2), then its y at t.
 */
function easedExpr(easing: Easing, p: string): string {
  const progress = `clip(${p},0,1)`;
  if (easing === 'linear') return progress;
  if (easing === 'hold') return `gte(${progress},1)`;
  const [x1, y1, x2, y2] = BEZIER_EASINGS[easing];
  // B(t) = ((a t + b) t + c) t, with a = 1 - 3 p2 + 3 p1, b = 3 p2 - 6 p1, c = 3 p1.
  const at = (p1: number, p2: number) => `((${num(1 - 3 * p2 + 3 * p1)}*ld(1)+${num(3 * p2 - 6 * p1)})*ld(1)+${num(3 * p1)})*ld(1)`;
  const slope = `(${num(3 * (1 - 3 * x2 + 3 * x1))}*ld(1)+${num(2 * (3 * x2 - 6 * x1))})*ld(1)+${num(3 * x1)}`;
  const newtonStep = `st(1,ld(1)-(${at(x1, x2)}-ld(0))/(${slope}))`;
  // Only strictly between 0 and 1, where ease-out's and ease-in's slopes are not 0.
  return `(st(0,${progress});st(1,ld(0));st(2,0);while(lt(ld(2),8)*gt(ld(0),0)*lt(ld(0),1),${newtonStep};st(2,ld(2)+1));${at(y1, y2)})`;
}

/** A keyframe track as an expression of the time `t` (seconds): its first value before, its last after, each segment eased. */
function trackExpr(track: readonly PlanKeyframe<number>[], fps: number, t: string): string {
  let expr = num(track[track.length - 1].value);
  for (let i = track.length - 1; i > 0; i--) {
    const [from, to] = [track[i - 1], track[i]];
    const progress = `(${t}-${num(from.frame / fps)})/${num((to.frame - from.frame) / fps)}`;
    expr = `if(lt(${t},${num(to.frame / fps)}),${num(from.value)}+(${num(to.value - from.value)})*${easedExpr(to.easing, progress)},${expr})`;
  }
  return expr;
}

function axis(track: readonly PlanKeyframe<Vec2>[], name: 'x' | 'y'): PlanKeyframe<number>[] {
  return track.map((k) => ({ ...k, value: k.value[name] }));
}

/** The transition this graph draws by hand, checked to be the one the plan has; times in seconds. */
function transition(given: PlanTransition | null, type: PlanTransition['type'], fps: number): { start: number; seconds: number } {
  if (given?.type !== type) throw new Error(`the animated reference should have a ${type} transition, not ${given?.type}`);
  return { start: given.fromFrame / fps, seconds: (given.toFrame - given.fromFrame) / fps };
}

/**
 * A hand-written ffmpeg command for the animated reference timeline
 * (animatedReferenceTaskBody, planned by the planner): what motion costs
 * ffmpeg itself, the floor of bench:render's `compositor-animated`. Every
 * keyframe track is one expression of the time, taken from the plan and
 * evaluated once a frame by the filter it drives:
 * - the video: the middle of it in the canvas's shape, resized every frame by
 *   its zoom (`scale`, eval=frame), laid on the black background at its drift
 *   (`overlay` x/y) and faded in and out to that black (`fade`);
 * - the overlay: resized to its box once; its alpha (its opacity, 0 where the
 *   wipe has cut from the left) one row computed a frame by `geq` and stretched;
 *   turned (`rotate`), laid on black at its drift plus the slide from the right
 *   edge (ease-out), and screened. screen(b, a * s) = (1 - a) * b + a * screen(b, s):
 *   a layer darkened by its alpha screens as the layer at that opacity;
 * - the music: `volume` with eval=frame, then the static baseline's fades.
 * The inputs, subtitles, mix and encoder are the static baseline's.
 */
export function ffmpegAnimatedBaselineArgs(
  plan: RenderPlan,
  size: ReferenceSize,
  mediaDir: string,
  workDir: string,
  outPath: string,
): { args: string[]; cjkFont: boolean } {
  const { width: w, height: h, fps } = size;
  const motionOf = (id: string): PlanMotion => present(plan.layers.find((layer) => layer.id === id)?.motion, `the motion of layer ${id}`);
  const at = (keys: readonly PlanKeyframe<number>[], t = 't') => trackExpr(keys, fps, t);
  const progress = (step: { start: number; seconds: number }, t = 't') => `(${t}-${num(step.start)})/${num(step.seconds)}`;
  const seconds = num(plan.durationInFrames / fps);
  const black = `color=c=black:s=${w}x${h}:r=${fps}:d=${seconds},format=gbrp`;

  const video = motionOf('main/clip');
  const zoom = at(axis(present(video.scale, 'the video zoom'), 'x')); // the same on both axes
  const drift = present(video.position, 'the video drift');
  const fadeIn = transition(video.transitionIn, 'fade', fps);
  const fadeOut = transition(video.transitionOut, 'fade', fps);

  const overlay = motionOf('overlay/logo');
  const box = overlayBoxSize(size);
  const position = present(overlay.position, 'the overlay drift');
  const [x, y] = [at(axis(position, 'x')), at(axis(position, 'y'))];
  const turn = present(overlay.rotation, 'the overlay turn');
  const widestTurn = (Math.max(...turn.map((k) => Math.abs(k.value))) * Math.PI) / 180;
  const opacity = at(present(overlay.opacity, 'the overlay opacity'), 'T');
  const slide = transition(overlay.transitionIn, 'slide-left', fps);
  const wipe = transition(overlay.transitionOut, 'wipe-right', fps);
  // slide-left in: from just beyond the right edge to its place, ease-out; the offset is the share still to go of
  // (canvas width - the box's left edge), motion.ts slideOffset.
  const slideX = `${x}+(1-${easedExpr('ease-out', progress(slide))})*(${num(w / 2 + box.width / 2)}-(${x}))`;
  const music = present(plan.audio[0]?.volumeKeyframes, 'the music volume keyframes');

  return baselineCommand(
    plan,
    size,
    { mediaDir, workDir, outPath },
    {
      picture: [
        // gbrap straight from the resize: overlay takes its top input with alpha, and a conversion ffmpeg inserted
        // there would be set up for the first frame's size and resize every frame back to it.
        `[0:v]fps=${fps},crop=w='min(iw,ih*${w}/${h})':h='min(ih,iw*${h}/${w})':exact=1,scale=w='round(${w}*${zoom})':h='round(${h}*${zoom})':eval=frame,format=gbrap[clip]`,
        `${black}[black]`,
        // Corners to whole pixels rounded half up, as the compositor places them (ffmpeg's round(-33.5) is -34).
        `[black][clip]overlay=x='floor((W-w)/2+${at(axis(drift, 'x'))}+0.5)':y='floor((H-h)/2+${at(axis(drift, 'y'))}+0.5)':format=gbrp,` +
          `fade=t=in:st=${num(fadeIn.start)}:d=${num(fadeIn.seconds)},fade=t=out:st=${num(fadeOut.start)}:d=${num(fadeOut.seconds)}[base]`,
        `color=c=white:s=${box.width}x1:r=${fps}:d=${seconds},format=gray,geq=lum='round(255*${opacity}*gte(X,round(W*clip(${progress(wipe, 'T')},0,1))))',` +
          `scale=${box.width}:${box.height}:flags=neighbor[alpha]`,
        `[1:v]scale=${box.width}:${box.height},format=gbrap[logo]`,
        // c=black@0, not c=none: `none` does not clear the corners, which then keep earlier frames' pixels.
        `[logo][alpha]alphamerge,rotate=a='(${at(turn)})*PI/180':ow='rotw(${num(widestTurn)})':oh='roth(${num(widestTurn)})':c=black@0[turned]`,
        `${black}[dark]`,
        `[dark][turned]overlay=x='floor(W/2+${slideX}-w/2+0.5)':y='floor(H/2+${y}-h/2+0.5)':format=gbrp[ov]`,
      ],
      overlayOpacity: 1,
      musicVolume: `volume='${at(music)}':eval=frame`,
    },
  );
}
