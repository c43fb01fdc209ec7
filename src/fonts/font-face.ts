/**
 * One font file the composition loads (an `@font-face` rule). Declared here, where
 * the faces are chosen, and part of the render plan (`render/plan/render-plan.types.ts`).
 */
export interface PlanFontFace {
  family: string;
  /** URL of the font file, loadable by Chromium. */
  src: string;
  weight: number;
  style: 'normal' | 'italic';
  /** CSS unicode-range, for split CJK files. */
  unicodeRange?: string;
}
