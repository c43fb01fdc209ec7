import type { CSSProperties, ReactNode } from 'react';
import type { PlanSubtitleStyle, PlanWordCaptions } from '../../src/render/plan/render-plan.types';

/** A piece of word-level caption text: a word (or part of one a line break cut) and how it shows now, or what lies between words. */
export interface WordPiece {
  text: string;
  word: 'spoken' | 'active' | 'unspoken' | null;
}

/** What a text block shows: plain text, or word-level caption pieces drawn as the layer's `words` says. */
export type BlockText = string | { pieces: WordPiece[]; captions: PlanWordCaptions };

/**
 * The text of one copy of a block. A word is its own inline block, so the
 * spoken word can be scaled about its own centre and an unspoken one hidden
 * (reveal) while every copy keeps the layout of the whole cue: lines never
 * reflow as words come. Only the fill copy takes the highlight colour; reveal
 * draws every shown word in the text's own colour and size.
 */
function copyText(text: BlockText, copy: 'box' | 'outline' | 'fill'): ReactNode {
  if (typeof text === 'string') return text;
  const { captions } = text;
  const highlight = captions.style === 'highlight';
  return text.pieces.map((piece, index) =>
    piece.word === null ? (
      piece.text
    ) : (
      <span
        // The pieces of a cue never reorder: the index is their identity.
        key={index}
        style={{
          display: 'inline-block',
          visibility: piece.word === 'unspoken' && !highlight ? 'hidden' : undefined,
          transform: piece.word === 'active' && highlight && captions.scale !== 1 ? `scale(${captions.scale})` : undefined,
          color: piece.word === 'active' && highlight && copy === 'fill' ? captions.color : undefined,
        }}
      >
        {piece.text}
      </span>
    ),
  );
}

/** `#RRGGBB` plus opacity as CSS rgba(). */
export function rgba(hex: string, opacity: number): string {
  const n = /^#[0-9a-fA-F]{6}$/.test(hex) ? parseInt(hex.slice(1), 16) : 0;
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`;
}

function shadowCss(style: PlanSubtitleStyle): string | undefined {
  const s = style.shadow;
  return s ? `${s.offsetXPx}px ${s.offsetYPx}px ${s.blurPx}px ${rgba(s.color, s.opacity)}` : undefined;
}

export function textBase(style: PlanSubtitleStyle, align: CSSProperties['textAlign'] = 'center'): CSSProperties {
  const wraps = style.wrapping.enabled && style.wrapping.strategy !== 'none';
  return {
    // Positioned, so the copies paint in source order: a filter (outline blur, drop-shadow)
    // makes a stacking context that would otherwise paint above the unpositioned fill.
    position: 'relative',
    gridArea: '1 / 1',
    margin: 0,
    fontFamily: style.fontFamily,
    fontWeight: style.fontWeight,
    fontStyle: style.fontStyle,
    fontSize: style.fontSizePx,
    lineHeight: style.lineHeight,
    textAlign: align,
    // pre-line keeps the builder's line breaks; the max width still wraps a line the count could not foresee.
    whiteSpace: wraps ? 'pre-line' : 'pre',
    overflowWrap: 'break-word',
    lineBreak: 'strict',
  };
}

/**
 * One subtitle text block, bottom-centre anchored at (anchorX, anchorY). The
 * same text is stacked up to three times in one grid cell so all copies share
 * one layout: a background box per line, then OutlinedText. Pure and free of Remotion hooks, so tests can render it to static HTML.
 */
export const SubtitleText: React.FC<{ style: PlanSubtitleStyle; text: BlockText; lang?: string }> = ({ style, text, lang }) => {
  const base = textBase(style);
  const { background } = style;
  return (
    <div
      lang={lang}
      data-subtitle=""
      style={{
        position: 'absolute',
        left: style.anchorX,
        top: style.anchorY,
        transform: 'translate(-50%, -100%)',
        width: 'max-content',
        maxWidth: style.maxWidthPx,
        display: 'grid',
      }}
    >
      {background ? (
        <p style={{ ...base, color: 'transparent' }} aria-hidden>
          <span
            style={{
              backgroundColor: rgba(background.color, background.opacity),
              padding: `${background.paddingPx * 0.4}px ${background.paddingPx}px`,
              borderRadius: background.radiusPx,
              boxDecorationBreak: 'clone',
              WebkitBoxDecorationBreak: 'clone',
            }}
          >
            {copyText(text, 'box')}
          </span>
        </p>
      ) : null}
      <OutlinedText style={style} base={base} text={text} />
    </div>
  );
};

/**
 * The outline copy (stroke drawn at twice the width because half of a stroke
 * falls inside the glyph, blurred on its own, carrying the shadow of the
 * outlined shape) and the fill on top, in the grid cell of their parent.
 */
export const OutlinedText: React.FC<{ style: PlanSubtitleStyle; base: CSSProperties; text: BlockText }> = ({ style, base, text }) => {
  const { outline } = style;
  const shadow = shadowCss(style);
  const outlineFilter = outline
    ? [outline.blurPx > 0 ? `blur(${outline.blurPx}px)` : '', style.shadow ? `drop-shadow(${shadow})` : ''].filter(Boolean).join(' ')
    : '';
  return (
    <>
      {outline ? (
        <p
          aria-hidden
          style={{
            ...base,
            color: outline.color,
            WebkitTextStroke: `${outline.widthPx * 2}px ${outline.color}`,
            filter: outlineFilter || undefined,
          }}
        >
          {copyText(text, 'outline')}
        </p>
      ) : null}
      <p style={{ ...base, color: style.color, textShadow: outline ? undefined : shadow }}>{copyText(text, 'fill')}</p>
    </>
  );
};
