/** A JPEG with an EXIF orientation, as a phone camera writes one: the stored picture unturned, the turn in the tag. */

/** The EXIF orientations that turn the picture (no mirror): 3 = 180, 6 = 90 clockwise, 8 = 90 counter-clockwise. */
export type TurningOrientation = 3 | 6 | 8;

/** `jpeg` with an APP1 EXIF segment holding only the orientation tag (0x0112) inserted after its SOI marker. */
export function withExifOrientation(jpeg: Buffer, orientation: TurningOrientation): Buffer {
  const entry = Buffer.alloc(12);
  entry.writeUInt16BE(0x0112, 0);
  entry.writeUInt16BE(3, 2); // SHORT
  entry.writeUInt32BE(1, 4); // one value
  entry.writeUInt16BE(orientation, 8);
  const count = Buffer.alloc(2);
  count.writeUInt16BE(1, 0);
  const tiffHeader = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]); // big-endian, first IFD at 8
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiffHeader, count, entry, Buffer.alloc(4)]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(app1.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), marker, app1, jpeg.subarray(2)]);
}
