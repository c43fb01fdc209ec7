import { z } from 'zod';
import catalogueJson from '../../fonts/catalogue.json';
import type { PlanFontFace } from './font-face';
import { FONT_KEYS, type FontKey } from './font-keys';
import { type CodePointRanges, glyphCodePoints, parseFcCharset, parseUnicodeRange, rangesContain } from './unicode-ranges';

const familySchema = z.object({
  kind: z.enum(['file', 'split']),
  cssFamily: z.string(),
  generic: z.enum(['sans-serif', 'serif', 'monospace']),
  cjkFallback: z.enum(['sans', 'serif']),
  stretch: z.string(),
  script: z.enum(['hans', 'hant', 'ja', 'ko']).optional(),
  license: z.string(),
  source: z.string(),
  publicDir: z.string(),
  filePattern: z.string().optional(),
  weights: z.array(z.number()).optional(),
  subsets: z.array(z.object({ id: z.string(), unicodeRange: z.string() })).optional(),
});

const keySchema = z.object({
  family: z.string(),
  weight: z.number(),
  style: z.enum(['normal', 'italic']),
  designStyle: z.enum(['normal', 'italic', 'oblique']),
  file: z.string().optional(),
  coverage: z.string().optional(),
});

const catalogueSchema = z.object({
  cjkWeights: z.array(z.number()).min(1),
  families: z.record(z.string(), familySchema),
  keys: z.record(z.string(), keySchema),
});

type CatalogueFamily = z.infer<typeof familySchema>;
type Script = NonNullable<CatalogueFamily['script']>;

/** What the catalogue says about one font key. */
export interface FontKeyInfo {
  key: FontKey;
  /** Catalogue family id, e.g. `dejavu-sans-condensed` or `noto-sans-sc`. */
  family: string;
  cssFamily: string;
  weight: number;
  style: 'normal' | 'italic';
  /** The design's own name for the slant (DejaVu calls it oblique). */
  designStyle: 'normal' | 'italic' | 'oblique';
  stretch: string;
  /** Licence text, relative to `fonts/`. */
  license: string;
  source: string;
}

interface Split {
  family: CatalogueFamily;
  subsets: Array<{ file: (weight: number) => string; unicodeRange: string; ranges: CodePointRanges }>;
  coverage: CodePointRanges;
}

/** Which catalogue families back up which design when a glyph is missing, before language ordering. */
const FALLBACKS: Record<'sans' | 'serif', string[]> = {
  sans: ['noto-sans-sc', 'noto-sans-tc', 'noto-sans-jp', 'noto-sans-kr'],
  serif: ['noto-serif-sc', 'noto-serif-tc', 'noto-sans-jp', 'noto-sans-kr'],
};

/**
 * Imported, not read from disk, so the same module works in Node and in the
 * Remotion bundle (Studio samples build their plans in the browser). Checked
 * once at load: a stale or hand-edited catalogue fails fast.
 */
function loadCatalogue(): z.infer<typeof catalogueSchema> {
  const parsed = catalogueSchema.parse(catalogueJson);
  const missing = FONT_KEYS.filter((k) => !parsed.keys[k] || !parsed.families[parsed.keys[k].family]);
  if (missing.length > 0) throw new Error(`fonts/catalogue.json lacks font keys: ${missing.join(', ')}`);
  return parsed;
}

const catalogue = loadCatalogue();
const splitCache = new Map<string, Split>();
const coverageCache = new Map<FontKey, CodePointRanges>();

function familyOf(id: string): CatalogueFamily {
  const family = catalogue.families[id];
  if (!family) throw new Error(`font family "${id}" is not in fonts/catalogue.json`);
  return family;
}

function split(id: string): Split {
  const cached = splitCache.get(id);
  if (cached) return cached;
  const family = familyOf(id);
  if (family.kind !== 'split' || !family.subsets || !family.filePattern) throw new Error(`font family "${id}" is not split`);
  const pattern = family.filePattern;
  const subsets = family.subsets.map((s) => ({
    file: (weight: number) => `${family.publicDir}/${pattern.replace('{subset}', s.id).replace('{weight}', String(weight))}`,
    unicodeRange: s.unicodeRange,
    ranges: parseUnicodeRange(s.unicodeRange),
  }));
  const coverage = parseUnicodeRange(family.subsets.map((s) => s.unicodeRange).join(','));
  const entry = { family, subsets, coverage };
  splitCache.set(id, entry);
  return entry;
}

function keyEntry(key: FontKey): z.infer<typeof keySchema> {
  return catalogue.keys[key];
}

export function fontKeyInfo(key: FontKey): FontKeyInfo {
  const entry = keyEntry(key);
  const family = familyOf(entry.family);
  return {
    key,
    family: entry.family,
    cssFamily: family.cssFamily,
    weight: entry.weight,
    style: entry.style,
    designStyle: entry.designStyle,
    stretch: family.stretch,
    license: family.license,
    source: family.source,
  };
}

/** The CJK script a BCP 47 tag asks for, or null when it names none. */
export function scriptOfLanguage(language: string | undefined): Script | null {
  if (!language) return null;
  const tag = language.toLowerCase();
  if (tag === 'ja' || tag.startsWith('ja-')) return 'ja';
  if (tag === 'ko' || tag.startsWith('ko-')) return 'ko';
  if (tag === 'zh' || tag.startsWith('zh-') || tag === 'yue' || tag.startsWith('yue-')) {
    return /-(hant|tw|hk|mo)\b/.test(tag) || tag.startsWith('yue') ? 'hant' : 'hans';
  }
  return null;
}

/**
 * Best-effort language of subtitle text for `language: auto`: kana means
 * Japanese, hangul Korean; anything else stays undecided (null), which keeps the
 * default Simplified-first order.
 */
export function detectTextLanguage(text: string): 'ja' | 'ko' | null {
  if (/[\u3040-\u30ff\u31f0-\u31ff]/.test(text)) return 'ja';
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text)) return 'ko';
  return null;
}

/** Catalogue family ids drawn for a key: the key's own family first, then the CJK chain. */
function familyChain(key: FontKey, language?: string): string[] {
  const own = keyEntry(key).family;
  const family = familyOf(own);
  const wanted = scriptOfLanguage(language) ?? family.script ?? null;
  const fallbacks = FALLBACKS[family.cjkFallback].filter((id) => id !== own);
  // A stable sort puts the language's own design first, so e.g. Japanese kanji get Japanese glyph forms.
  const ordered = [...fallbacks].sort((a, b) => Number(familyOf(a).script !== wanted) - Number(familyOf(b).script !== wanted));
  return [own, ...ordered];
}

function quote(family: string): string {
  return `"${family.replace(/["\\]/g, '')}"`;
}

/** CSS `font-family` list for a key: its face, then the CJK fallback chain, then the generic family. */
export function fontFamilyStack(key: FontKey, language?: string): string {
  const chain = familyChain(key, language).map((id) => quote(familyOf(id).cssFamily));
  return [...chain, familyOf(keyEntry(key).family).generic].join(', ');
}

function nearestWeight(weight: number): number {
  return catalogue.cjkWeights.reduce((best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best));
}

function fileCoverage(key: FontKey): CodePointRanges {
  let ranges = coverageCache.get(key);
  if (!ranges) {
    ranges = parseFcCharset(keyEntry(key).coverage ?? '');
    coverageCache.set(key, ranges);
  }
  return ranges;
}

function splitFaces(id: string, weight: number, needed: Set<number> | null): PlanFontFace[] {
  const { family, subsets } = split(id);
  const picked = needed === null ? subsets : subsets.filter((s) => [...needed].some((cp) => rangesContain(s.ranges, cp)));
  return picked.map((s) => ({ family: family.cssFamily, src: s.file(weight), weight, style: 'normal', unicodeRange: s.unicodeRange }));
}

function removeCovered(needed: Set<number> | null, coverage: CodePointRanges): void {
  if (needed === null) return;
  for (const cp of needed) if (rangesContain(coverage, cp)) needed.delete(cp);
}

/**
 * The font faces a task must load to draw `text` in `key`: the key's own face
 * (for a split CJK family only the unicode-range slices the text touches), then
 * for the characters still without a glyph the slices of the fallback chain
 * that cover them. Without `text` every slice of the chain is returned.
 */
export function fontFacesFor(key: FontKey, text?: string, language?: string): PlanFontFace[] {
  const entry = keyEntry(key);
  const needed = text === undefined ? null : glyphCodePoints(text);
  const [own, ...fallbacks] = familyChain(key, language);
  const faces: PlanFontFace[] = [];
  const ownFamily = familyOf(own);
  if (ownFamily.kind === 'file') {
    faces.push({ family: ownFamily.cssFamily, src: `${ownFamily.publicDir}/${entry.file}`, weight: entry.weight, style: entry.style });
    removeCovered(needed, fileCoverage(key));
  } else {
    faces.push(...splitFaces(own, entry.weight, needed));
    removeCovered(needed, split(own).coverage);
  }
  const fallbackWeight = nearestWeight(entry.weight);
  for (const id of fallbacks) {
    if (needed !== null && needed.size === 0) break;
    faces.push(...splitFaces(id, fallbackWeight, needed));
    removeCovered(needed, split(id).coverage);
  }
  return faces;
}

/** Unique faces (by family, source, weight and style), first occurrence kept. */
export function mergeFontFaces(...lists: PlanFontFace[][]): PlanFontFace[] {
  const seen = new Set<string>();
  const out: PlanFontFace[] = [];
  for (const face of lists.flat()) {
    const id = `${face.family}|${face.src}|${face.weight}|${face.style}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(face);
  }
  return out;
}

export { availableFontsMessage } from './available-fonts';
