import { useEffect, useState } from 'react';
import { cancelRender, continueRender, delayRender, staticFile } from 'remotion';
import type { PlanFontFace } from '../../src/render/plan/render-plan.types';

/** Large CJK slices on a busy 2-core worker can take a while; a missing font must still fail, not hang. */
const FONT_TIMEOUT_MS = 120_000;

/** Faces already handed to document.fonts, so remounts (Studio, several tabs' reuse) add none twice. */
const loaded = new Map<string, Promise<FontFace>>();

/** FontFaceSet is a set-like interface; the DOM lib of this tsconfig (no DOM.Iterable) omits its add(). */
function fontSet(): FontFaceSet & { add(face: FontFace): FontFaceSet } {
  return document.fonts as FontFaceSet & { add(face: FontFace): FontFaceSet };
}

function faceUrl(src: string): string {
  return /^https?:\/\//.test(src) ? src : staticFile(src);
}

function loadFace(face: PlanFontFace): Promise<FontFace> {
  const id = `${face.family}|${face.src}|${face.weight}|${face.style}|${face.unicodeRange ?? ''}`;
  let promise = loaded.get(id);
  if (!promise) {
    const fontFace = new FontFace(face.family, `url("${faceUrl(face.src)}")`, {
      weight: String(face.weight),
      style: face.style,
      ...(face.unicodeRange ? { unicodeRange: face.unicodeRange } : {}),
    });
    fontSet().add(fontFace);
    promise = fontFace.load().catch((err: unknown) => {
      loaded.delete(id);
      throw new Error(`font ${face.family} ${face.weight} ${face.style} from ${face.src} failed to load: ${String(err)}`);
    });
    loaded.set(id, promise);
  }
  return promise;
}

/** Loads the faces of the plan and every font the document needs; resolves when text can be drawn. */
export async function loadPlanFonts(fonts: PlanFontFace[]): Promise<void> {
  await Promise.all(fonts.map(loadFace));
  await document.fonts.ready;
}

/**
 * Blocks frame capture until every face of the plan is loaded. The plan lists
 * only the faces (and unicode-range slices) the task's text uses, so all of
 * them are loaded eagerly rather than on first use.
 */
export function usePlanFonts(fonts: PlanFontFace[]): void {
  const [handle] = useState(() =>
    fonts.length === 0 ? null : delayRender(`loading ${fonts.length} subtitle font face(s)`, { timeoutInMilliseconds: FONT_TIMEOUT_MS }),
  );
  useEffect(() => {
    if (handle === null) return;
    loadPlanFonts(fonts).then(
      () => continueRender(handle),
      (err: unknown) => cancelRender(err),
    );
    // The plan is the composition's input props: it does not change during a render.
  }, [handle]);
}
