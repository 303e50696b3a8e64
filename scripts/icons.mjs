// Writes the web app manifest's PNG icons (docs/architecture.md "On phones") into src/web/public/icons/ from
// favicon.svg: 192 and 512 px as drawn, and a 512 px maskable one (full-bleed indigo,
// the mark inside the 80 % safe zone), as palette PNGs (libimagequant: 35–48 % smaller; Chrome fetches
// the 192 px one with every first page, beside its scripts). Run after changing the mark: node scripts/icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const publicDir = path.join(root, 'src/web/public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'));
const out = path.join(publicDir, 'icons');
mkdirSync(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(mark, { density: (72 * size) / 64 }).resize(size, size).png({ palette: true, compressionLevel: 9 }).toFile(path.join(out, `icon-${size}.png`));
}
const inner = await sharp(mark, { density: (72 * 360) / 64 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#4338ca' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png({ palette: true, compressionLevel: 9 })
  .toFile(path.join(out, 'maskable-512.png'));
console.log('icons written to', path.relative(root, out));
