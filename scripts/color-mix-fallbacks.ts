// A PostCSS step of the web client's build (vite.config.ts `css.postcss`): Tailwind's and daisyUI's rules
// without the fallbacks for browsers lacking `color-mix()`, which no browser of the build's target is.
// Its own input of `npm run build`'s stamp (scripts/build.mjs).
import type { AtRule, Plugin, Root, Rule } from 'postcss';

/** The condition Tailwind wraps every `color-mix()` declaration in, after a fallback rule without it. */
const COLOR_MIX = /^\(color:\s*color-mix\(in lab,\s*red,\s*red\)\)$/;

/**
 * Unwraps every `@supports (color:color-mix(in lab, red, red))` block and removes, from the nearest
 * earlier rule of the same selector beside it, the declarations the block's rule sets again (the
 * fallback: `var(--color-success)` before `color-mix(in oklab, var(--color-success) 10%, transparent)`).
 * Every browser of the build's target (Vite's `baseline-widely-available`: Chrome and Edge 111,
 * Firefox 114, Safari 16.4) has `color-mix()` (Chrome 111, Firefox 113, Safari 16.2), so each of them
 * applied the block's declarations and no page looks different; older ones also lack the `oklch()`
 * colours the fallbacks name. Saves about 1 KB gzip over the two stylesheets a page with forms loads.
 */
export function colorMixFallbacks(): Plugin {
  return {
    postcssPlugin: 'plateful-color-mix-fallbacks',
    OnceExit(root: Root) {
      const blocks: AtRule[] = [];
      root.walkAtRules('supports', (at) => {
        if (COLOR_MIX.test(at.params)) blocks.push(at);
      });
      for (const block of blocks) {
        block.each((node) => {
          if (node.type !== 'rule') return;
          const fallback = earlierRule(block, node.selector);
          if (!fallback) return;
          const props = new Set(node.nodes.filter((d) => d.type === 'decl').map((d) => d.prop));
          fallback.each((d) => {
            if (d.type === 'decl' && props.has(d.prop)) d.remove();
          });
          if (fallback.nodes.length === 0) fallback.remove();
        });
        block.replaceWith(block.nodes ?? []);
      }
    },
  };
}

/** The rule of `selector` just before `node` among its siblings (earlier such blocks aside), if any. */
function earlierRule(node: AtRule, selector: string): Rule | undefined {
  for (let prev = node.prev(); prev; prev = prev.prev()) {
    if (prev.type === 'rule' && prev.selector === selector) return prev;
    if (prev.type === 'atrule' && COLOR_MIX.test(prev.params)) continue;
    if (prev.type === 'rule' || prev.type === 'atrule') return undefined;
  }
  return undefined;
}
