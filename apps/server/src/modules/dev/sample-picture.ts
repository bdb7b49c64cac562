// The picture the development SMS page attaches to a guardian's reply it plays (an MMS): the
// server serves it itself as the stand-in for the provider's media URL, so a picture goes through
// the same fetch, checks and storage as one from Twilio, without a network. A small PNG drawn
// here (a sun over a green hill under a blue sky), so no binary file is kept in the repository.
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 120;
const HEIGHT = 80;

type Rgb = [number, number, number];

const SKY: Rgb = [120, 180, 230];
const SUN: Rgb = [250, 200, 60];
const HILL: Rgb = [70, 150, 80];

function colourAt(x: number, y: number): Rgb {
  const hillTop = 58 - 14 * Math.sin((Math.PI * x) / WIDTH);
  if (y >= hillTop) return HILL;
  if ((x - 88) ** 2 + (y - 22) ** 2 <= 12 ** 2) return SUN;
  return SKY;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

function drawPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  // 8 bits per channel, colour type 2 (RGB), default compression, filter and no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y += 1) {
    const start = y * (1 + WIDTH * 3);
    rows[start] = 0; // no filter
    for (let x = 0; x < WIDTH; x += 1) rows.set(colourAt(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The sample picture's bytes (image/png), drawn once. */
export const SAMPLE_PICTURE_PNG: Buffer = drawPng();

/** Where the development server serves it, under the API's prefix. */
export const SAMPLE_PICTURE_PATH = '/dev/sms/media/sample-picture.png';
