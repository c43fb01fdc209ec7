import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Chromium saves a screenshot without an alpha channel when every pixel is
 * opaque. The compositor reads a still slot's shots as one stream, and ffmpeg
 * rebuilds its whole filter graph (losing frames) when a stream's pixel format
 * changes mid-way, so every shot must be RGBA. This widens an 8-bit RGB PNG to
 * RGBA without any other change; an RGBA PNG is returned as it is.
 */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_RGB = 2;
const COLOUR_RGBA = 6;

interface Chunk {
  type: string;
  data: Buffer;
}

function readChunks(png: Buffer): Chunk[] {
  if (png.length < SIGNATURE.length || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  const chunks: Chunk[] = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function writeChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The pixels of 8-bit scanlines of `bpp` bytes per pixel, their row filters (RFC 2083 §6) undone. */
function unfilter(filtered: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const rgb = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? rgb[row + x - bpp] : 0;
      const up = y > 0 ? rgb[row - stride + x] : 0;
      const upLeft = x >= bpp && y > 0 ? rgb[row - stride + x - bpp] : 0;
      const raw = filtered[src + x];
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4:
          value = raw + paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`PNG row ${y} has unknown filter type ${filter}`);
      }
      rgb[row + x] = value & 0xff;
    }
  }
  return rgb;
}

interface PngLayout {
  chunks: Chunk[];
  header: Chunk;
  width: number;
  height: number;
  rgba: boolean;
}

/** An 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are), or an error. */
function readLayout(png: Buffer): PngLayout {
  const chunks = readChunks(png);
  const header = chunks[0];
  if (header?.type !== 'IHDR') throw new Error('PNG without IHDR');
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const [depth, colour, , , interlace] = header.data.subarray(8, 13);
  if ((colour !== COLOUR_RGB && colour !== COLOUR_RGBA) || depth !== 8 || interlace !== 0) {
    throw new Error(`unexpected PNG layout (colour type ${colour}, depth ${depth}, interlace ${interlace})`);
  }
  if (colour === COLOUR_RGB && chunks.some((c) => c.type === 'tRNS')) throw new Error('RGB PNG with a transparent colour key');
  return { chunks, header, width, height, rgba: colour === COLOUR_RGBA };
}

function pixels(layout: PngLayout): Buffer {
  const idat = Buffer.concat(layout.chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
  return unfilter(inflateSync(idat), layout.width, layout.height, layout.rgba ? 4 : 3);
}

/** A rectangle of a picture, in pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The smallest rectangle holding every pixel that is not fully transparent;
 * null when the picture is empty. The compositor composites only that much of
 * a still: outside it the still changes nothing.
 */
export function visibleBounds(png: Buffer): PixelBox | null {
  const layout = readLayout(png);
  const { width, height } = layout;
  if (!layout.rgba) return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : null;
  const rgba = pixels(layout);
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if (rgba[row + x * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The size, to a fraction of a pixel, of the one filled rectangle a picture
 * shows (a text block's box, drawn opaque on a transparent page): the coverage
 * of its edge pixels summed with the rest, along the middle row and column of
 * `bounds`, its visible bounds.
 */
export function filledSize(png: Buffer, bounds: PixelBox): { width: number; height: number } {
  const layout = readLayout(png);
  if (!layout.rgba) return { width: bounds.width, height: bounds.height };
  const rgba = pixels(layout);
  const alpha = (x: number, y: number): number => rgba[(y * layout.width + x) * 4 + 3] / 255;
  const [midX, midY] = [bounds.x + Math.floor(bounds.width / 2), bounds.y + Math.floor(bounds.height / 2)];
  let [width, height] = [0, 0];
  for (let x = bounds.x; x < bounds.x + bounds.width; x++) width += alpha(x, midY);
  for (let y = bounds.y; y < bounds.y + bounds.height; y++) height += alpha(midX, y);
  return { width, height };
}

export function toRgbaPng(png: Buffer): Buffer {
  const layout = readLayout(png);
  if (layout.rgba) return png;
  const { chunks, header, width, height } = layout;
  const rgb = pixels(layout);
  const rgbaStride = width * 4 + 1;
  const rgba = Buffer.alloc(rgbaStride * height);
  for (let y = 0; y < height; y++) {
    // Filter type 0 (none): the file is temporary, compression barely matters.
    let out = y * rgbaStride + 1;
    for (let i = y * width * 3, end = i + width * 3; i < end; i += 3) {
      rgba[out++] = rgb[i];
      rgba[out++] = rgb[i + 1];
      rgba[out++] = rgb[i + 2];
      rgba[out++] = 0xff;
    }
  }
  const ihdr = Buffer.from(header.data);
  ihdr[9] = COLOUR_RGBA;
  return Buffer.concat([
    SIGNATURE,
    writeChunk('IHDR', ihdr),
    // Ancillary chunks (colour space, gamma, density) keep their meaning for RGBA.
    ...chunks.filter((c) => !['IHDR', 'IDAT', 'IEND'].includes(c.type)).map((c) => writeChunk(c.type, c.data)),
    writeChunk('IDAT', deflateSync(rgba, { level: 1 })),
    writeChunk('IEND', Buffer.alloc(0)),
  ]);
}
