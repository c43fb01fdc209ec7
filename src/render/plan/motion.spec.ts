import { eased, type PlanMotion, type PlanTransition, slideOffset, trackValueAt, transitionEffectAt, ownValuesAt, type TransitionType } from './motion';

/** y at x of a cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1), by dense sampling: independent of the solver. */
function sampledBezier(x1: number, y1: number, x2: number, y2: number, x: number): number {
  const point = (t: number, p1: number, p2: number): number => 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3;
  let previous = { x: 0, y: 0 };
  for (let i = 1; i <= 100_000; i++) {
    const t = i / 100_000;
    const next = { x: point(t, x1, x2), y: point(t, y1, y2) };
    if (next.x >= x) return previous.y + ((next.y - previous.y) * (x - previous.x)) / (next.x - previous.x);
    previous = next;
  }
  return 1;
}

const NONE: PlanMotion = { opacity: null, scale: null, position: null, rotation: null, transitionIn: null, transitionOut: null };

/** A transition of a clip from frame 0 to 90 at 30 fps: `in` over the first `ms`, or `out` over the last. */
function withTransition(side: 'in' | 'out', type: TransitionType, ms: number): PlanMotion {
  const frames = (ms * 30) / 1000;
  const transition: PlanTransition = side === 'in' ? { type, fromFrame: 0, toFrame: frames } : { type, fromFrame: 90 - frames, toFrame: 90 };
  return { ...NONE, [side === 'in' ? 'transitionIn' : 'transitionOut']: transition };
}

describe('easing curves', () => {
  it.each([
    ['ease-in', [0.42, 0, 1, 1]],
    ['ease-out', [0, 0, 0.58, 1]],
    ['ease-in-out', [0.42, 0, 0.58, 1]],
  ] as const)('%s follows its cubic-bezier at every tenth', (easing, [x1, y1, x2, y2]) => {
    for (let i = 1; i < 10; i++) expect(eased(easing, i / 10)).toBeCloseTo(sampledBezier(x1, y1, x2, y2, i / 10), 4);
  });

  it('starts at 0 and ends at 1, clamped outside', () => {
    for (const easing of ['linear', 'ease-in', 'ease-out', 'ease-in-out'] as const) {
      expect([eased(easing, -1), eased(easing, 0), eased(easing, 1), eased(easing, 2)]).toEqual([0, 0, 1, 1]);
    }
  });

  it('linear is the identity; ease-in-out is symmetric about its middle', () => {
    expect(eased('linear', 0.37)).toBe(0.37);
    expect(eased('ease-in-out', 0.5)).toBeCloseTo(0.5, 6);
    expect(eased('ease-in', 0.3)).toBeCloseTo(1 - eased('ease-out', 0.7), 6);
  });

  it('hold keeps the start until the segment ends', () => {
    expect([eased('hold', 0), eased('hold', 0.999), eased('hold', 1)]).toEqual([0, 0, 1]);
  });
});

describe('keyframe tracks', () => {
  const track = [
    { frame: 10, value: 0, easing: 'linear' as const },
    { frame: 20, value: 1, easing: 'linear' as const },
    { frame: 40, value: 0.5, easing: 'ease-out' as const },
    { frame: 50, value: 0, easing: 'hold' as const },
  ];

  it('holds the first value before the first keyframe and the last after the last', () => {
    expect(trackValueAt(track, 0)).toBe(0);
    expect(trackValueAt(track, 60)).toBe(0);
  });

  it('interpolates each segment with the easing of the keyframe that ends it', () => {
    expect(trackValueAt(track, 15)).toBeCloseTo(0.5, 9);
    expect(trackValueAt(track, 30)).toBeCloseTo(1 - 0.5 * eased('ease-out', 0.5), 9);
    expect(trackValueAt(track, 49.9)).toBe(0.5);
    expect(trackValueAt(track, 50)).toBe(0);
  });

  it('interpolates positions per axis', () => {
    const path = [
      { frame: 0, value: { x: -400, y: 100 }, easing: 'linear' as const },
      { frame: 60, value: { x: 400, y: -100 }, easing: 'linear' as const },
    ];
    expect(trackValueAt(path, 15)).toEqual({ x: -200, y: 50 });
  });

  it('a single keyframe is a constant', () => {
    expect(trackValueAt([{ frame: 30, value: 42, easing: 'linear' }], 0)).toBe(42);
    expect(trackValueAt([{ frame: 30, value: 42, easing: 'linear' }], 99)).toBe(42);
  });

  it('own values come from the tracks that exist and the constants otherwise, opacity clamped', () => {
    const constants = { opacity: 0.8, scale: { x: 1, y: 1 }, position: { x: 5, y: 6 }, rotationDeg: 10 };
    const motion: PlanMotion = {
      ...NONE,
      rotation: [
        { frame: 0, value: 0, easing: 'linear' },
        { frame: 10, value: 90, easing: 'linear' },
      ],
    };
    expect(ownValuesAt(constants, null, 5)).toBe(constants);
    expect(ownValuesAt(constants, motion, 5)).toEqual({ ...constants, rotationDeg: 45 });
  });
});

describe('transitions at exact frames (30 fps, a clip from frame 0 to 90)', () => {
  it('a slide-left in of 1000 ms at frame 15 lies at the ease-out position', () => {
    const effect = transitionEffectAt(withTransition('in', 'slide-left', 1000), 15);
    expect(effect.slide?.side).toBe('right');
    expect(effect.slide?.away).toBeCloseTo(1 - sampledBezier(0, 0, 0.58, 1, 0.5), 4);
    const box = { x: 100, y: 50, width: 400, height: 300 };
    // Just beyond the right edge of a 1280-wide canvas is 1180 px to the right of its place.
    expect(slideOffset(effect.slide, box, { width: 1280, height: 720 }).x).toBeCloseTo(1180 * (effect.slide?.away ?? NaN), 6);
  });

  it.each([
    ['slide-right', 'in', 'left', { x: -500, y: 0 }],
    ['slide-left', 'in', 'right', { x: 1180, y: 0 }],
    ['slide-down', 'in', 'top', { x: 0, y: -350 }],
    ['slide-up', 'in', 'bottom', { x: 0, y: 670 }],
    ['slide-right', 'out', 'right', { x: 1180, y: 0 }],
    ['slide-left', 'out', 'left', { x: -500, y: 0 }],
    ['slide-down', 'out', 'bottom', { x: 0, y: 670 }],
    ['slide-up', 'out', 'top', { x: 0, y: -350 }],
  ] as const)('%s %s starts (in) or ends (out) just beyond the %s edge', (type, side, edge, offset) => {
    const box = { x: 100, y: 50, width: 400, height: 300 };
    const frame = side === 'in' ? 0 : 89.999999;
    const effect = transitionEffectAt(withTransition(side, type, 1000), frame);
    expect(effect.slide?.side).toBe(edge);
    const moved = slideOffset(effect.slide, box, { width: 1280, height: 720 });
    expect(moved.x).toBeCloseTo(offset.x, 2);
    expect(moved.y).toBeCloseTo(offset.y, 2);
  });

  it('a slide out eases in: a quarter of the way in time is less than a quarter of the distance', () => {
    const effect = transitionEffectAt(withTransition('out', 'slide-up', 1000), 67.5);
    expect(effect.slide?.away).toBeCloseTo(eased('ease-in', 0.25), 9);
    expect(effect.slide?.away ?? NaN).toBeLessThan(0.25);
  });

  it('wipe-right at half its time shows exactly the left half (in) and hides exactly the left half (out)', () => {
    expect(transitionEffectAt(withTransition('in', 'wipe-right', 1000), 15).cut).toEqual({ left: 0, top: 0, right: 0.5, bottom: 0 });
    expect(transitionEffectAt(withTransition('out', 'wipe-right', 1000), 75).cut).toEqual({ left: 0.5, top: 0, right: 0, bottom: 0 });
  });

  it.each([
    ['wipe-left', 'in', { left: 0.75, top: 0, right: 0, bottom: 0 }],
    ['wipe-down', 'in', { left: 0, top: 0, right: 0, bottom: 0.75 }],
    ['wipe-up', 'in', { left: 0, top: 0.75, right: 0, bottom: 0 }],
    ['wipe-left', 'out', { left: 0, top: 0, right: 0.25, bottom: 0 }],
    ['wipe-down', 'out', { left: 0, top: 0.25, right: 0, bottom: 0 }],
    ['wipe-up', 'out', { left: 0, top: 0, right: 0, bottom: 0.25 }],
  ] as const)('%s %s a quarter of the way through', (type, side, cut) => {
    const frame = side === 'in' ? 7.5 : 67.5;
    expect(transitionEffectAt(withTransition(side, type, 1000), frame).cut).toEqual(cut);
  });

  it('fade is linear both ways; zoom eases out in and eases in out', () => {
    expect(transitionEffectAt(withTransition('in', 'fade', 1000), 6).opacity).toBeCloseTo(0.2, 9);
    expect(transitionEffectAt(withTransition('out', 'fade', 1000), 84).opacity).toBeCloseTo(0.2, 9);
    expect(transitionEffectAt(withTransition('in', 'zoom', 1000), 15).scale).toBeCloseTo(eased('ease-out', 0.5), 9);
    expect(transitionEffectAt(withTransition('out', 'zoom', 1000), 75).scale).toBeCloseTo(1 - eased('ease-in', 0.5), 9);
  });

  it('is neutral outside its time, and in and out compose', () => {
    const motion: PlanMotion = {
      ...NONE,
      transitionIn: { type: 'fade', fromFrame: 0, toFrame: 30 },
      transitionOut: { type: 'fade', fromFrame: 20, toFrame: 50 },
    };
    expect(transitionEffectAt(motion, 40)).toEqual({
      opacity: expect.closeTo(1 / 3, 9) as number,
      scale: 1,
      cut: { left: 0, top: 0, right: 0, bottom: 0 },
      slide: null,
    });
    expect(transitionEffectAt(motion, 25).opacity).toBeCloseTo((25 / 30) * (25 / 30), 9);
    expect(transitionEffectAt(withTransition('in', 'wipe-up', 500), 15)).toEqual({
      opacity: 1,
      scale: 1,
      cut: { left: 0, top: 0, right: 0, bottom: 0 },
      slide: null,
    });
  });
});
