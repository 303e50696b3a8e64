/**
 * The 1200 × 630 JPEG images of link previews (the size Open Graph
 * consumers show large): a listing's first stored photo cut to that frame, made
 * once by sharp and kept beside the photo's other variants (the image store); or, for a listing
 * without a stored photo and for the site itself, a card drawn from an SVG with
 * the name on Plateful's indigo.
 */
import { IMAGE_WIDTHS } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { loadSharp } from '../images/sharp.js';
import type { ImageStore } from '../images/storage/store.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/**
 * The `size` under which a photo's preview variant is stored in `image_variants`:
 * not one of `IMAGE_WIDTHS`, so `?w=` never reaches it.
 */
export const PREVIEW_VARIANT = 1200;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Cuts `text` into at most `lines` lines of about `width` characters, the last one ending in … when cut. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) out.push(line);
      line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1]!.slice(0, width - 1)}…`;
  }
  return out;
}

/**
 * A drawn card in `dir` (Arabic right to left, mirrored): `title` large (up to three
 * lines), `subtitle` below, the brand and `tagline` at the bottom.
 */
export async function drawCard(title: string, subtitle: string, tagline = 'Share food, not waste', dir: 'ltr' | 'rtl' = 'ltr'): Promise<Buffer> {
  const lines = wrap(title, 24, 3);
  const size = lines.length > 2 ? 76 : 92;
  // Right to left: text starts at the right margin (`start` anchors follow `direction`), the brand swaps sides.
  const [start, end] = dir === 'rtl' ? [1120, 80] : [80, 1120];
  const at = (x: number) => `x="${x}" direction="${dir}"`;
  const text = lines
    .map((l, i) => `<text ${at(start)} y="${210 + i * (size + 16)}" font-size="${size}" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
<rect width="100%" height="100%" fill="#4338ca"/>
<rect x="0" y="560" width="100%" height="70" fill="#3730a3"/>
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">${text}
<text ${at(start)} y="${250 + lines.length * (size + 16)}" font-size="40" fill="#c7d2fe">${escapeXml(subtitle)}</text>
<text ${at(start)} y="608" font-size="36" font-weight="700">Plateful</text>
<text ${at(end)} y="608" font-size="28" text-anchor="end" fill="#c7d2fe">${escapeXml(tagline)}</text></g></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/**
 * The preview variant of stored photo `imageId`: read when made before, else cut
 * from its largest variant (cover, centred) and stored once (a concurrent maker's
 * identical row wins). Undefined when the photo is not stored.
 */
export async function photoCard(db: Database, store: ImageStore, imageId: string): Promise<Buffer | undefined> {
  const made = await store.getVariant(db, imageId, PREVIEW_VARIANT);
  if (made) return made.bytes;
  const source = await store.getVariant(db, imageId, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  if (!source) return undefined;
  const sharp = await loadSharp();
  const bytes = await sharp(source.bytes)
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await db.transaction((tx) => store.putVariants(tx, imageId, [{ size: PREVIEW_VARIANT, contentType: 'image/jpeg', bytes }]));
  return bytes;
}
