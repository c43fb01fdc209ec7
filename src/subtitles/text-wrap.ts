/**
 * Line wrapping by character count for subtitles. Pure and free of Node
 * imports: the composition may use it in the browser too.
 *
 * Rules: `word` breaks at spaces and between CJK characters (never inside a
 * Latin or Hangul word); `character` may break anywhere; `none` keeps the text.
 * In every mode a line never starts with closing punctuation (。，、！？」 …)
 * and never ends with opening punctuation (「（ …); for Japanese also not with
 * small kana or the prolonged sound mark.
 */
export type WrapStrategy = 'word' | 'character' | 'none';

export interface WrapOptions {
  maxCharsPerLine: number | null;
  strategy: WrapStrategy;
  /** `auto` or a BCP 47 tag. */
  language: string;
}

const NO_LINE_START = new Set(Array.from('!),.:;?]}%、。，．：；？！）」』】〕〉》〙〗｝］〟”’»›·・…‥〜～'));
const NO_LINE_START_JA = new Set(Array.from('ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿゝゞヽヾ々'));
const NO_LINE_END = new Set(Array.from('([{「『（【〔〈《〘〖｛［〝“‘«‹'));
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef\u30fc]/u;
/** Combining marks, and what else extends the character before it (the half-width voiced marks ﾞ ﾟ are letters). */
const MARK = /[\p{M}\p{Grapheme_Extend}]/u;
const SPACE = /\s/u;

interface Atom {
  text: string;
  length: number;
  spaceBefore: boolean;
  /** The last character of `text`, kept so gluing never rescans the glued text. */
  last: string;
}

/** Code points with combining marks kept on their base character. */
function characters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    if (MARK.test(ch) && out.length > 0) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/** Unbreakable pieces before punctuation rules: words, or single characters. */
function pieces(chars: string[], strategy: WrapStrategy): Atom[] {
  const atoms: Atom[] = [];
  let spaceBefore = false;
  let word: string[] = [];
  const flushWord = (): void => {
    if (word.length === 0) return;
    atoms.push({ text: word.join(''), length: word.length, spaceBefore, last: word[word.length - 1] });
    spaceBefore = false;
    word = [];
  };
  for (const ch of chars) {
    if (SPACE.test(ch)) {
      flushWord();
      spaceBefore = atoms.length > 0;
    } else if (strategy === 'character' || CJK.test(ch)) {
      flushWord();
      atoms.push({ text: ch, length: 1, spaceBefore, last: ch });
      spaceBefore = false;
    } else {
      word.push(ch);
    }
  }
  flushWord();
  return atoms;
}

function firstChar(text: string): string {
  return Array.from(text)[0] ?? '';
}

/**
 * Glues forbidden line starts to the piece before and forbidden line ends to
 * the piece after. Linear: a run of thousands of 「 glues into one piece
 * without reading the piece again per character.
 */
function applyPunctuationRules(atoms: Atom[], japanese: boolean): Atom[] {
  const out: Atom[] = [];
  for (const atom of atoms) {
    const prev = out[out.length - 1];
    const head = firstChar(atom.text);
    const forbiddenStart = NO_LINE_START.has(head) || (japanese && NO_LINE_START_JA.has(head));
    if (prev && !atom.spaceBefore && (forbiddenStart || NO_LINE_END.has(prev.last))) {
      prev.text += atom.text;
      prev.length += atom.length;
      prev.last = atom.last;
    } else {
      out.push({ ...atom });
    }
  }
  return out;
}

function isJapanese(text: string, language: string): boolean {
  const tag = language.toLowerCase();
  if (tag === 'ja' || tag.startsWith('ja-')) return true;
  return tag === 'auto' && /[\u3040-\u30ff]/u.test(text);
}

function fill(atoms: Atom[], max: number): string[] {
  const lines: string[] = [];
  let line = '';
  let length = 0;
  for (const atom of atoms) {
    const gap = line !== '' && atom.spaceBefore ? 1 : 0;
    if (line !== '' && length + gap + atom.length > max) {
      lines.push(line);
      line = atom.text;
      length = atom.length;
    } else {
      line += (gap ? ' ' : '') + atom.text;
      length += gap + atom.length;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Wraps `text` into lines of at most `maxCharsPerLine` characters (a word or a
 * punctuation group longer than that stays whole on its own line). Existing
 * line breaks are kept.
 */
export function wrapText(text: string, options: WrapOptions): string {
  const max = options.maxCharsPerLine;
  if (options.strategy === 'none' || max === null || max < 1) return text;
  const japanese = isJapanese(text, options.language);
  return text
    .split('\n')
    .map((paragraph) => fill(applyPunctuationRules(pieces(characters(paragraph), options.strategy), japanese), max).join('\n'))
    .join('\n');
}

/**
 * The words of `text` as `word` wrapping sees them: runs between spaces, each
 * CJK character on its own, punctuation kept with the word it may not be parted
 * from. What a cue's time is split over when no word times are given.
 */
export function wordsOf(text: string, language: string): Array<{ text: string; length: number }> {
  const japanese = isJapanese(text, language);
  return applyPunctuationRules(pieces(characters(text), 'word'), japanese).map(({ text: word, length }) => ({ text: word, length }));
}

/** True when most glyph characters of `text` are CJK (used to pick the per-script line length). */
export function isMostlyCjk(text: string): boolean {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (SPACE.test(ch)) continue;
    if (CJK.test(ch) || /[\uac00-\ud7af]/u.test(ch)) cjk += 1;
    else other += 1;
  }
  return cjk > other;
}
