/**
 * A video is decoded to packed RGB without an alpha channel, and one that
 * covers the canvas is fitted without an alpha plane (`opaque`,
 * src/render/compositor/media-layer-chain.ts): ffmpeg must give the same
 * frames, bit for bit, as packed RGBA (the levels Remotion's frame extractor
 * gives) and as the planar picture with its alpha plane dropped, on every
 * resize path (none, Chromium's 16-bit enlargement, a reduction by mip
 * levels, a reduction by `area`) and through a cover crop.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromiumResize } from '../../../src/render/compositor/chromium-resize';
import { type FittedAs, fittedPicture, type VideoSource } from '../../../src/render/compositor/media-layer-chain';
import type { LayerGeometry, Size } from '../../../src/render/compositor/layer-geometry';

jest.setTimeout(60_000);

const run = promisify(execFile);

function geometry(scaled: Size, crop: Size | null): LayerGeometry {
  return { scaled, crop, blur: null, flipX: false, flipY: false, rotationDeg: 0, centre: { x: 0, y: 0 } };
}

const DECODE = 'scale=in_color_matrix=bt709:in_range=tv';

/** The MD5 of each frame of a BT.709 test picture of `size` through `filters`, as 8-bit planar RGB. */
async function hashesThrough(size: Size, filters: string[]): Promise<string[]> {
  const chain = [`testsrc2=s=${size.width}x${size.height}:r=10`, 'format=yuv420p', ...filters, 'format=gbrp'].join(',');
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', chain, '-frames:v', '3', '-f', 'framemd5', '-']);
  return stdout.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

/** The frame hashes of `picture`'s fit. */
function frameHashes(size: Size, g: LayerGeometry, picture: FittedAs): Promise<string[]> {
  const source: VideoSource = { inputIndex: 0, size, decodeScale: DECODE, clipFrames: () => 'null' };
  return hashesThrough(size, fittedPicture(source, g, picture));
}

describe('a fitted video picture', () => {
  const cases: Array<[string, Size, LayerGeometry]> = [
    ['same size', { width: 320, height: 180 }, geometry({ width: 320, height: 180 }, null)],
    ['enlarged, cover-cropped', { width: 216, height: 162 }, geometry({ width: 640, height: 480 }, { width: 640, height: 360 })],
    ['reduced by mip levels', { width: 1280, height: 720 }, geometry({ width: 300, height: 168 }, null)],
    ['reduced by area', { width: 400, height: 226 }, geometry({ width: 320, height: 180 }, { width: 320, height: 170 })],
  ];

  it.each(cases)('without an alpha plane (opaque) is the planar picture bit for bit, %s', async (_, size, g) => {
    const opaque = await frameHashes(size, g, 'opaque');
    expect(opaque).toHaveLength(3);
    expect(opaque).toEqual(await frameHashes(size, g, 'planar'));
  });

  it.each(cases)('decoded without alpha (planar) is packed RGBA bit for bit, %s', async (_, size, g) => {
    const rgba = [DECODE, 'format=rgba', ...chromiumResize(size, g.scaled, false), ...(g.crop === null ? [] : [`crop=w=${g.crop.width}:h=${g.crop.height}`])];
    const planar = await frameHashes(size, g, 'planar');
    expect(planar).toHaveLength(3);
    expect(planar).toEqual(await hashesThrough(size, rgba));
  });
});
