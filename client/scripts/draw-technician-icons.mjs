// Draws the technician app's icons: `node client/scripts/draw-technician-icons.mjs` writes the PNGs (and the maskable
// SVG they are drawn from) into client/public. The repository has no image library, and the drawing is a clock made of
// a ring and two hands, so a few lines of geometry and a PNG encoder on node:zlib do the job without one.
//
// Two kinds: "any" (a rounded tile with transparent corners, as the favicon) and "maskable" (the colour to every
// edge, the clock inside the central circle of 80 % that every launcher's mask keeps).
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const OUT = new URL('../public/', import.meta.url);
const BRAND = [0x0f, 0x5c, 0x6e];
const WHITE = [0xff, 0xff, 0xff];
const ACCENT = [0xf4, 0xb9, 0x42];

/** The drawing on a 0..1 square: the favicon's clock, smaller on the maskable tile to sit in the safe zone. */
function drawing(kind) {
  const scale = kind === 'maskable' ? 0.8 : 1;
  const at = (value) => 0.5 + (value - 0.5) * scale;
  return {
    corner: kind === 'maskable' ? 0 : 14 / 64,
    ring: { cx: 0.5, cy: 0.5, r: (19 / 64) * scale, width: (5 / 64) * scale },
    hands: [
      { x1: 0.5, y1: at(20 / 64), x2: 0.5, y2: 0.5, width: (5 / 64) * scale },
      { x1: 0.5, y1: 0.5, x2: at(40 / 64), y2: at(38 / 64), width: (5 / 64) * scale },
    ],
  };
}

function svgOf(kind) {
  const { corner, ring, hands } = drawing(kind);
  const n = (value) => +(value * 64).toFixed(3);
  const [a, b] = hands;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="${n(corner)}" fill="#0f5c6e"/>` +
    `<circle cx="${n(ring.cx)}" cy="${n(ring.cy)}" r="${n(ring.r)}" fill="none" stroke="#fff" stroke-width="${n(ring.width)}"/>` +
    `<path d="M${n(a.x1)} ${n(a.y1)}V${n(a.y2)}L${n(b.x2)} ${n(b.y2)}" fill="none" stroke="#f4b942" ` +
    `stroke-width="${n(a.width)}" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`
  );
}

const segmentDistance = (x, y, { x1, y1, x2, y2 }) => {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
};

const insideRoundedSquare = (x, y, radius) => {
  if (radius === 0) return true;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
};

/** RGBA pixels, each the average of 4 × 4 samples (smooth edges). */
function render(kind, size) {
  const { corner, ring, hands } = drawing(kind);
  const pixels = Buffer.alloc(size * size * 4);
  const SAMPLES = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let alpha = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (!insideRoundedSquare(x, y, corner)) continue;
          let colour = BRAND;
          if (Math.abs(Math.hypot(x - ring.cx, y - ring.cy) - ring.r) <= ring.width / 2) colour = WHITE;
          if (hands.some((hand) => segmentDistance(x, y, hand) <= hand.width / 2)) colour = ACCENT;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          alpha += 1;
        }
      }
      const offset = (py * size + px) * 4;
      // Colours are averaged over the covered samples only; the coverage becomes the alpha.
      pixels[offset] = alpha ? Math.round(r / alpha) : 0;
      pixels[offset + 1] = alpha ? Math.round(g / alpha) : 0;
      pixels[offset + 2] = alpha ? Math.round(b / alpha) : 0;
      pixels[offset + 3] = Math.round((alpha / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGBA, every row with filter 0 (none): small enough for a flat drawing once deflated. */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const kind of ['any', 'maskable']) {
  const name = kind === 'any' ? 'technician-icon' : 'technician-icon-maskable';
  // The tile's SVG is favicon.svg already; the maskable drawing is kept beside its PNGs.
  if (kind === 'maskable') writeFileSync(new URL(`${name}.svg`, OUT), svgOf(kind));
  for (const size of [192, 512]) writeFileSync(new URL(`${name}-${size}.png`, OUT), png(size, render(kind, size)));
}
