#!/usr/bin/env node
// Draws the mobile app's home-screen icons (public/m/icon-192.png, icon-512.png): the brand mark,
// a white speech bubble with three dots on the blue square, without any image library.
//   node scripts/mobile-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'm');
const BLUE = [24, 144, 255];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
}

/** Whether (x, y) in the 32-unit design lies inside a rounded rectangle. */
function inRoundRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The colour of a design point: the bubble (with its tail and dots) in white on blue. */
function colourAt(x, y) {
  const dot = [12.5, 16, 19.5].some((cx) => (x - cx) ** 2 + (y - 14) ** 2 <= 1.5 ** 2);
  const bubble = inRoundRect(x, y, 7, 8, 25, 20, 2.5);
  // The tail: a triangle under the bubble's left part (10.5,20)-(15,20)-(10.5,24).
  const tail = y >= 20 && y <= 24 && x >= 10.5 && x <= 15 - ((y - 20) * 4.5) / 4;
  return (bubble || tail) && !dot ? WHITE : BLUE;
}

function icon(size) {
  const rows = [];
  const scale = 32 / size;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      // 2×2 supersampling smooths the edges.
      const sum = [0, 0, 0];
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ]) {
        const colour = colourAt((px + dx) * scale, (py + dy) * scale);
        for (let i = 0; i < 3; i++) sum[i] += colour[i];
      }
      row.set(
        sum.map((v) => Math.round(v / 4)),
        1 + px * 3,
      );
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(join(out, `icon-${size}.png`), icon(size));
console.log(`icons written to ${out}`);
