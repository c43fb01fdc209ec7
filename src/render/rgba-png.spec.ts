import { deflateSync, inflateSync } from 'node:zlib';
import { filledSize, toRgbaPng, visibleBounds } from './rgba-png';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bit by bit, unlike the table-driven code under test. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

function chunks(png: Buffer): Array<{ type: string; data: Buffer; crcOk: boolean }> {
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const body = png.subarray(at + 4, at + 8 + length);
    out.push({ type: body.toString('latin1', 0, 4), data: body.subarray(4), crcOk: crc32(body) === png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** An 8-bit RGB (or RGBA) PNG whose row y uses filter type y % 5, so every filter is undone once. */
function rgbPng(width: number, height: number, pixels: number[], extra: Buffer[] = [], bpp = 3): Buffer {
  const stride = width * bpp;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    const row = Buffer.alloc(stride + 1);
    row[0] = filter;
    for (let x = 0; x < stride; x++) {
      const at = y * stride + x;
      const left = x >= bpp ? pixels[at - bpp] : 0;
      const up = y > 0 ? pixels[at - stride] : 0;
      const upLeft = x >= bpp && y > 0 ? pixels[at - stride - bpp] : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      row[x + 1] = (pixels[at] - predictor) & 0xff;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = bpp === 4 ? 6 : 2;
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...extra, chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

describe('toRgbaPng', () => {
  const width = 7;
  const height = 10;
  // Deterministic but irregular values, so a wrong predictor shows.
  const pixels = Array.from({ length: width * height * 3 }, (_, i) => (i * 97 + ((i * i) % 31) * 13) & 0xff);

  it('widens RGB to RGBA with the same pixels, opaque, in valid chunks', async () => {
    const srgb = chunk('sRGB', Buffer.from([0]));
    const out = await toRgbaPng(rgbPng(width, height, pixels, [srgb]));
    const parts = chunks(out);
    expect(out.subarray(0, 8).equals(SIGNATURE)).toBe(true);
    expect(parts.map((p) => p.type)).toEqual(['IHDR', 'sRGB', 'IDAT', 'IEND']);
    expect(parts.every((p) => p.crcOk)).toBe(true);
    expect(parts[0].data.readUInt32BE(0)).toBe(width);
    expect(parts[0].data[9]).toBe(6);
    const raw = inflateSync(parts[2].data);
    expect(raw.length).toBe(height * (width * 4 + 1));
    const decoded: number[] = [];
    const alphas = new Set<number>();
    for (let y = 0; y < height; y++) {
      expect(raw[y * (width * 4 + 1)]).toBe(0);
      for (let x = 0; x < width; x++) {
        const at = y * (width * 4 + 1) + 1 + x * 4;
        decoded.push(raw[at], raw[at + 1], raw[at + 2]);
        alphas.add(raw[at + 3]);
      }
    }
    expect(decoded).toEqual(pixels);
    expect([...alphas]).toEqual([255]);
  });

  it('returns an RGBA PNG untouched and refuses what it cannot widen faithfully', async () => {
    const rgba = await toRgbaPng(rgbPng(2, 2, Array(12).fill(9)));
    expect(await toRgbaPng(rgba)).toBe(rgba);
    await expect(toRgbaPng(Buffer.from('GIF89a'))).rejects.toThrow(/not a PNG/);
    const keyed = rgbPng(2, 2, Array(12).fill(9), [chunk('tRNS', Buffer.alloc(6))]);
    await expect(toRgbaPng(keyed)).rejects.toThrow(/transparent colour key/);
  });
});

describe('visibleBounds', () => {
  const width = 9;
  const height = 12;
  /** Noisy colours everywhere, alpha 0 except at the given pixels. */
  function rgbaWith(visible: Array<[number, number, number]>): Buffer {
    const px = Array.from({ length: width * height * 4 }, (_, i) => (i % 4 === 3 ? 0 : (i * 53 + 7) & 0xff));
    for (const [x, y, alpha] of visible) px[(y * width + x) * 4 + 3] = alpha;
    return rgbPng(width, height, px, [], 4);
  }

  it('spans exactly the pixels that are not fully transparent, through every row filter', async () => {
    expect(
      await visibleBounds(
        rgbaWith([
          [2, 3, 1],
          [6, 9, 255],
          [4, 5, 128],
        ]),
      ),
    ).toEqual({ x: 2, y: 3, width: 5, height: 7 });
    expect(await visibleBounds(rgbaWith([[8, 11, 1]]))).toEqual({ x: 8, y: 11, width: 1, height: 1 });
    expect(await visibleBounds(rgbaWith([[0, 0, 255]]))).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it("reads rows that straddle the inflater's output chunks and data split over several IDAT chunks", async () => {
    // 701 x 400 RGBA: 2805-byte rows, 1.1 MB inflated, so rows cross the 256 KiB chunks at uneven offsets.
    const [w, h] = [701, 400];
    const px = Array.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? 0 : (i * 31) & 0xff));
    for (const [x, y] of [
      [123, 95],
      [650, 377],
      [400, 93],
    ]) {
      px[(y * w + x) * 4 + 3] = 200;
    }
    const whole = rgbPng(w, h, px, [], 4);
    const parts = chunks(whole);
    const idat = parts[1].data;
    const third = Math.floor(idat.length / 3);
    const split = Buffer.concat([
      SIGNATURE,
      chunk('IHDR', parts[0].data),
      chunk('IDAT', idat.subarray(0, third)),
      chunk('IDAT', idat.subarray(third, 2 * third)),
      chunk('IDAT', idat.subarray(2 * third)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const expected = { x: 123, y: 93, width: 528, height: 285 };
    expect(await visibleBounds(whole)).toEqual(expected);
    expect(await visibleBounds(split)).toEqual(expected);
  });

  it('refuses a picture whose data ends before its last row', async () => {
    const whole = rgbaWith([[1, 1, 255]]);
    const parts = chunks(whole);
    const rows = inflateSync(parts[1].data);
    const cut = Buffer.concat([
      SIGNATURE,
      chunk('IHDR', parts[0].data),
      chunk('IDAT', deflateSync(rows.subarray(0, rows.length - 5))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    await expect(visibleBounds(cut)).rejects.toThrow(/PNG data ends at row 11 of 12/);
  });

  it('is null for a fully transparent picture and the whole picture for an opaque RGB one', async () => {
    expect(await visibleBounds(rgbaWith([]))).toBeNull();
    expect(await visibleBounds(rgbPng(5, 4, Array(60).fill(0)))).toEqual({ x: 0, y: 0, width: 5, height: 4 });
  });
});

describe('filledSize', () => {
  it('sums the coverage of the middle row and column of the bounds, edge pixels by their alpha', async () => {
    // A 6 x 4 box at (2, 3) in a 12 x 10 picture; its left and bottom edges half covered (alpha 128).
    const [w, h] = [12, 10];
    const px: number[] = Array.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? 0 : 77));
    for (let y = 3; y < 7; y++) {
      for (let x = 2; x < 8; x++) px[(y * w + x) * 4 + 3] = x === 2 || y === 6 ? 128 : 255;
    }
    const png = rgbPng(w, h, px, [], 4);
    const bounds = { x: 2, y: 3, width: 6, height: 4 };
    expect(await visibleBounds(png)).toEqual(bounds);
    const size = await filledSize(png, bounds);
    expect(size.width).toBeCloseTo(5 + 128 / 255, 10);
    expect(size.height).toBeCloseTo(3 + 128 / 255, 10);
  });
});
