/**
 * The app's HTML with a link preview in its head: crawlers of chat
 * apps and social sites run no JavaScript, so the server writes the Open Graph
 * and Twitter card tags (RFC-free, ogp.me), a canonical link, and for a food page
 * the food's JSON and a preload of its photo, into the built `index.html`.
 * Every value is HTML-escaped; the JSON is escaped for a `<script>` element.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_INFO, type Food, type Locale } from '../../contract/index.js';
import { IMAGE_WIDTHS, platefulImageId } from '../../contract/index.js';
import { CARD_HEIGHT, CARD_WIDTH } from './cards.js';
import { routePreloads } from './preloads.js';
import { escapeHtml } from '../lib/html.js';

/** What a preview shows. `image` and `url` are absolute. */
export interface Preview {
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
  /** The site's description in the page's language (the `<meta name="description">`); `description` when absent. */
  siteDescription?: string;
  /** The page's language (i18n/negotiate.ts); English when absent. */
  locale?: Locale;
}

/** `og:locale` values (ogp.me: language_TERRITORY) of the shipped locales. */
const OG_LOCALES: Readonly<Record<Locale, string>> = { en: 'en_US', de: 'de_DE', fr: 'fr_FR', es: 'es_ES', ar: 'ar_AR' };

/** The id of the `<script type="application/json">` holding the food of a `/food/{id}` page (the web client reads it). */
export const EMBEDDED_FOOD_ID = 'plateful-food';

/** Used when the client is not built (an API-only server): crawlers still get the preview. */
const BARE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Plateful</title>
  </head>
  <body>
    <div id="root"></div>
    <p>The web client is not built. Run <code>npm run build</code>.</p>
  </body>
</html>`;

/** JSON that cannot end its `<script>` element or open a comment (`<`, `>`, `&` and U+2028/9 as \u escapes). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The tags of `p`, one per line. */
export function previewTags(p: Preview): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(p.url)}" />`,
    meta('property', 'og:site_name', 'Plateful'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', OG_LOCALES[p.locale ?? 'en']),
    meta('property', 'og:title', p.title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:url', p.url),
    meta('property', 'og:image', p.image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', p.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', p.title),
    meta('name', 'twitter:description', p.description),
    meta('name', 'twitter:image', p.image),
    meta('name', 'twitter:image:alt', p.imageAlt),
  ].join('\n    ');
}

/**
 * The preload of the detail page's large photo: the same `srcset`/`sizes` as
 * `FoodPhotos` renders for a stored photo, else the URL itself (no referrer, as `Photo` does).
 */
function heroPreload(food: Food): string {
  const id = platefulImageId(food.FoodImage);
  if (!id) return `<link rel="preload" as="image" href="${escapeHtml(food.FoodImage)}" referrerpolicy="no-referrer" fetchpriority="high" />`;
  const base = `/api/images/${id}`;
  const srcset = IMAGE_WIDTHS.map((w) => `${base}?w=${w} ${w}w`).join(', ');
  return `<link rel="preload" as="image" href="${base}?w=640" imagesrcset="${srcset}" imagesizes="(min-width: 1024px) 50vw, 100vw" fetchpriority="high" />`;
}

/**
 * `html` with `before` and `after` around the first `marker`. Plain slicing, never
 * `String.prototype.replace` with a string: its `$&`, `$'`, `` $` `` and `$$` would be read
 * as substitution patterns in a donor's text (a name, notes, a photo URL, the path).
 */
function insertBefore(html: string, marker: string, before: string, after = ''): string {
  const at = html.indexOf(marker);
  if (at < 0) return html;
  return html.slice(0, at) + before + marker + after + html.slice(at + marker.length);
}

/**
 * Renders pages from the built `index.html` in `webDist` (read at the first page, not
 * at start), or from a bare page when there is none.
 */
export class PageRenderer {
  private template: string | undefined;
  private readonly preloads: (pathname: string, locale: Locale) => string;

  constructor(private readonly webDist: string) {
    this.preloads = routePreloads(webDist);
  }

  /**
   * The page at `pathname` (no query) in `preview.locale` (`<html lang dir>`, `og:locale`,
   * the description) with `preview`'s tags and the preloads of its lazy chunks
   * (preloads.ts); with `food`, also its JSON and the preload of its photo.
   */
  render(pathname: string, preview: Preview, food?: Food): string {
    if (this.template === undefined) {
      const file = path.join(this.webDist, 'index.html');
      this.template = existsSync(file) ? readFileSync(file, 'utf8') : BARE;
    }
    const locale = preview.locale ?? 'en';
    const head = [previewTags(preview), ...(food ? [heroPreload(food)] : []), this.preloads(pathname, locale)].filter(Boolean).join('\n    ');
    // The document's language and direction, and its description in that language (functions: no `$&` patterns).
    const localized = this.template
      .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"`)
      .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(preview.siteDescription ?? preview.description)}"`);
    const withHead = insertBefore(localized, '</head>', `    ${head}\n  `);
    if (!food) return withHead;
    const data = `<script type="application/json" id="${EMBEDDED_FOOD_ID}">${scriptJson(food)}</script>`;
    return insertBefore(withHead, '<div id="root"></div>', '', `\n    ${data}`);
  }
}
