import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const PUBLIC = new URL('../../client/public/', import.meta.url);

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Size and the RGBA pixel at (x, y) of an 8-bit RGBA PNG without filters, as the icon script writes them. */
function readPng(file: Buffer) {
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let offset = 8; offset < file.length;) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('ascii', offset + 4, offset + 8);
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') chunks.push(data);
    offset += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(chunks));
  const pixel = (x: number, y: number) => {
    const start = y * (width * 4 + 1) + 1 + x * 4;
    return [...rows.subarray(start, start + 4)];
  };
  return { width, height, pixel };
}

describe('the installed technician app', () => {
  const manifest = JSON.parse(readFileSync(new URL('technician.webmanifest', PUBLIC), 'utf8')) as {
    theme_color: string;
    start_url: string;
    scope: string;
    icons: ManifestIcon[];
  };
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');

  it('starts where the work is, inside its scope, with the brand colour', () => {
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.theme_color).toBe('#0f5c6e');
  });

  it('has maskable icons of 192 and 512 px that fill the whole square, and tiles with round corners for the rest', () => {
    const maskable = pngs.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes);
    const any = pngs.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(maskable.sort()).toEqual(['192x192', '512x512']);
    expect(any.sort()).toEqual(['192x192', '512x512']);
    for (const icon of pngs) {
      const { width, height, pixel } = readPng(readFileSync(new URL(`.${icon.src}`, PUBLIC)));
      expect(`${width}x${height}`).toBe(icon.sizes);
      // A launcher's mask cuts the corners of a maskable icon itself: the colour must reach them.
      expect(pixel(0, 0)).toEqual(icon.purpose === 'maskable' ? [0x0f, 0x5c, 0x6e, 255] : [0, 0, 0, 0]);
      // The clock stays inside the central circle every mask keeps (radius 40 %): its ring is white there...
      const ring = Math.round(width / 2 - (icon.purpose === 'maskable' ? 0.8 : 1) * (19 / 64) * width);
      expect(pixel(ring, height / 2)).toEqual([255, 255, 255, 255]);
      // ...and nothing but the background lies between that circle and the edge.
      const outside = Math.round(width * 0.1) - 1;
      if (icon.purpose === 'maskable') expect(pixel(outside, height / 2)).toEqual([0x0f, 0x5c, 0x6e, 255]);
    }
  });
});
