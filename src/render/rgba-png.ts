import { Readable } from 'node:stream';
import { createInflate, deflateSync } from 'node:zlib';

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

/** Undoes the row filter (RFC 2083 §6) of `filtered` (its filter byte, then the row) into `row`, given the row above. */
function unfilterRow(filtered: Buffer, above: Buffer, row: Buffer, bpp: number, y: number): void {
  const filter = filtered[0];
  for (let x = 0; x < row.length; x++) {
    const left = x >= bpp ? row[x - bpp] : 0;
    const up = above[x];
    const upLeft = x >= bpp ? above[x - bpp] : 0;
    const raw = filtered[x + 1];
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
    row[x] = value & 0xff;
  }
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

/**
 * Hands `visit` each row's pixels in order (the buffer is reused: read it before returning), inflating as it goes:
 * two rows are held at a time where the whole picture would be 133 MB at 8K, twice (inflated, then unfiltered).
 */
async function forEachRow(layout: PngLayout, visit: (row: Buffer, y: number) => void): Promise<void> {
  const bpp = layout.rgba ? 4 : 3;
  const stride = layout.width * bpp;
  const filtered = Buffer.alloc(stride + 1);
  let [above, row] = [Buffer.alloc(stride), Buffer.alloc(stride)];
  let [filled, y] = [0, 0];
  const idat = layout.chunks.filter((c) => c.type === 'IDAT').map((c) => c.data);
  for await (const data of Readable.from(idat).pipe(createInflate({ chunkSize: 256 * 1024 })) as AsyncIterable<Buffer>) {
    for (let at = 0; at < data.length && y < layout.height;) {
      const taken = data.copy(filtered, filled, at, at + stride + 1 - filled);
      [at, filled] = [at + taken, filled + taken];
      if (filled < stride + 1) continue;
      unfilterRow(filtered, above, row, bpp, y);
      visit(row, y);
      [above, row, filled, y] = [row, above, 0, y + 1];
    }
  }
  if (y < layout.height) throw new Error(`PNG data ends at row ${y} of ${layout.height}`);
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
export async function visibleBounds(png: Buffer): Promise<PixelBox | null> {
  const layout = readLayout(png);
  const { width, height } = layout;
  if (!layout.rgba) return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : null;
  let [left, top, right, bottom] = [width, height, -1, -1];
  await forEachRow(layout, (row, y) => {
    for (let x = 0; x < width; x++) {
      if (row[x * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  });
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The size, to a fraction of a pixel, of the one filled rectangle a picture
 * shows (a text block's box, drawn opaque on a transparent page): the coverage
 * of its edge pixels summed with the rest, along the middle row and column of
 * `bounds`, its visible bounds.
 */
export async function filledSize(png: Buffer, bounds: PixelBox): Promise<{ width: number; height: number }> {
  const layout = readLayout(png);
  if (!layout.rgba) return { width: bounds.width, height: bounds.height };
  const alpha = (row: Buffer, x: number): number => row[x * 4 + 3] / 255;
  const [midX, midY] = [bounds.x + Math.floor(bounds.width / 2), bounds.y + Math.floor(bounds.height / 2)];
  let [width, height] = [0, 0];
  await forEachRow(layout, (row, y) => {
    if (y === midY) for (let x = bounds.x; x < bounds.x + bounds.width; x++) width += alpha(row, x);
    if (y >= bounds.y && y < bounds.y + bounds.height) height += alpha(row, midX);
  });
  return { width, height };
}

export async function toRgbaPng(png: Buffer): Promise<Buffer> {
  const layout = readLayout(png);
  if (layout.rgba) return png;
  const { chunks, header, width, height } = layout;
  const rgbaStride = width * 4 + 1;
  const rgba = Buffer.alloc(rgbaStride * height);
  await forEachRow(layout, (rgb, y) => {
    // Filter type 0 (none): the file is temporary, compression barely matters.
    let out = y * rgbaStride + 1;
    for (let i = 0; i < width * 3; i += 3) {
      rgba[out++] = rgb[i];
      rgba[out++] = rgb[i + 1];
      rgba[out++] = rgb[i + 2];
      rgba[out++] = 0xff;
    }
  });
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
