// A PostCSS step of the web client's build (vite.config.ts `css.postcss`): daisyUI's rules without
// the selectors no source of the client can match. Its own input of `npm run build`'s stamp (scripts/build.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import purgecss from '@fullhuman/postcss-purgecss';
import type { AtRule, Helpers, Plugin, Root } from 'postcss';

const WEB = path.join(import.meta.dirname, '../src/web');

/** Every .ts, .tsx and .html file below `dir`, as PurgeCSS's raw content. */
function sources(dir: string): { raw: string; extension: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|html)$/.test(f))
    .map((f) => ({ raw: readFileSync(path.join(dir, f), 'utf8'), extension: 'tsx' }));
}

const isDaisy = (node: unknown): node is AtRule => (node as AtRule | undefined)?.type === 'atrule' && (node as AtRule).params.startsWith('daisyui');

/**
 * Removes, from the daisyUI rules of `styles` (its `@layer daisyui.*` blocks), every selector naming a
 * class, tag or attribute that no .ts, .tsx or .html file below `web` writes: the states and parts
 * daisyUI builds beside a used class (`.dropdown-open`, `.menu-horizontal.menu-paged`, `.table-pin-rows`,
 * `[aria-checked=true]`…). PurgeCSS judges each selector, alternatives inside `:is()`/`:where()` one by
 * one; a pseudo-class never removes one (`:focus-visible`, `:lang(ar)`, `:disabled`, `:scope` stay).
 * Tailwind's own rules (base, utilities, the rules written in styles.css) stay whole: Tailwind already
 * writes only the utilities the sources name. Runs after Tailwind, before Vite hashes, minifies and
 * precompresses the file. Takes the stylesheet's path and the sources' folder (defaults: src/web).
 */
export function unusedDaisyuiRules({ styles = path.join(WEB, 'styles.css'), web = WEB } = {}): Plugin {
  return {
    postcssPlugin: 'plateful-unused-daisyui-rules',
    async OnceExit(root: Root, helpers: Helpers) {
      if (root.source?.input.file !== styles) return;
      const purge = purgecss({
        content: sources(web),
        // PurgeCSS's own words, and the tokens of class strings with their variants (`sm:btn-lg`).
        defaultExtractor: (text) => [...(text.match(/[A-Za-z0-9_-]+/g) ?? []), ...(text.match(/[^\s"'`{}<>=;]+/g) ?? [])],
        safelist: { standard: [/^:/] },
      }) as Plugin & { OnceExit: (root: Root, helpers: Helpers) => Promise<void> };
      const layers: AtRule[] = [];
      root.walkAtRules('layer', (layer) => {
        if (layer.nodes && isDaisy(layer) && !isDaisy(layer.parent)) layers.push(layer);
      });
      for (const layer of layers) {
        const part = helpers.postcss.root();
        part.append(layer.clone());
        await purge.OnceExit(part, helpers);
        layer.replaceWith(part.nodes);
      }
    },
  };
}
