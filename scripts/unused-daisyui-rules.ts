// A PostCSS step of the web client's build (vite.config.ts `css.postcss`): daisyUI's rules without
// the selectors no source of the client can match. Its own input of `npm run build`'s stamp (scripts/build.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import purgecss from '@fullhuman/postcss-purgecss';
import type { AtRule, ChildNode, Helpers, Plugin, Root } from 'postcss';

const WEB = path.join(import.meta.dirname, '../src/web');

/** Every .ts, .tsx and .html file below `dir`, as PurgeCSS's raw content. */
function sources(dir: string): { raw: string; extension: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|html)$/.test(f))
    .map((f) => ({ raw: readFileSync(path.join(dir, f), 'utf8'), extension: 'tsx' }));
}

const isDaisy = (node: unknown): node is AtRule => (node as AtRule | undefined)?.type === 'atrule' && (node as AtRule).params.startsWith('daisyui');

/** The layer that marks, in a stylesheet of components, the rules written in it (`@layer utilities { @layer own { … } }`). */
const OWN = 'own';

/** daisyUI's own utilities (`join`, `radius`…): their rules sit in the utilities layer itself, each of a lone class (`.join`). */
const DAISY_UTILITIES = readdirSync(path.join(path.dirname(createRequire(import.meta.url).resolve('daisyui/package.json')), 'utilities'))
  .filter((f) => f.endsWith('.css'))
  .map((f) => f.slice(0, -4));

/**
 * A test of a selector for the classes of the daisyUI components `sheet` includes (its `include:` list;
 * `.input`, `.file-input-sm`…), a lone class aside: that is a Tailwind utility (`.table`), not daisyUI's,
 * unless it is one of daisyUI's utilities (`.join`).
 */
function componentSelector(sheet: string): (selector: string) => boolean {
  const names = (readFileSync(sheet, 'utf8').match(/include:\s*([^;]+);/)?.[1]?.split(',') ?? []).map((n) => n.trim());
  const stem = (n: string) => ({ fileinput: 'file-input', button: 'btn' })[n] ?? n;
  const named = new RegExp(String.raw`\.(?:${names.map(stem).join('|')})(?![A-Za-z0-9_])`);
  const lone = new RegExp(String.raw`^\.(?:${names.filter((n) => DAISY_UTILITIES.includes(n)).join('|') || '(?!)'})(?![A-Za-z0-9_])`);
  return (selector) => named.test(selector) && (!/^\.[\w-]+$/.test(selector) || lone.test(selector));
}

/**
 * Leaves of `root` (the stylesheet `sheet`, one of ui/controls) only its components' rules, its own rules and the
 * `@keyframes` they animate with: a stylesheet of components beside the entry's, whose Tailwind base, theme and
 * utilities the entry's stylesheet (always loaded first) already holds. Kept of the base and
 * utilities layers: daisyUI's sublayers, and the few rules daisyUI writes outside them that name a
 * component (`:is(.input[type=url],…):dir(rtl)`). Tailwind merges the sheet's own `@layer utilities`
 * rules into its generated block, so they are written inside `@layer own`, which is unwrapped here:
 * they end as rules of the utilities layer itself, as in the entry's sheet.
 */
function keepOnlyComponents(root: Root, sheet: string): void {
  const isComponent = componentSelector(sheet);
  // An `@scope (.join)` block is the component's by its root; another at-rule, by the rules inside.
  const names = (node: ChildNode) =>
    node.type === 'rule' ? [node.selector] : node.type === 'atrule' ? (node.name === 'scope' ? [node.params] : selectorsIn(node)) : [];
  // daisyUI's bases the sheet includes (`rootscrolllock`…) style the root alone; Tailwind's base (preflight) never does.
  const isRoot = (node: ChildNode) => names(node).length > 0 && names(node).every((selector) => selector.startsWith(':root'));
  root.each((node) => {
    if (node.type === 'atrule' && node.name === 'keyframes') return;
    if (node.type === 'atrule' && node.name === 'layer' && (node.params === 'utilities' || node.params === 'base') && node.nodes) {
      node.each((child) => {
        if (child.type === 'atrule' && child.name === 'layer' && child.params === OWN) child.replaceWith(child.nodes ?? []);
        else if (node.params === 'base' && (isRoot(child) || (child.type === 'atrule' && child.name === 'keyframes'))) return;
        else if (!isDaisy(child) && !(names(child).length > 0 && names(child).every(isComponent))) child.remove();
      });
      if (node.nodes.length > 0) return;
    }
    node.remove();
  });
}

/**
 * Removes the `@keyframes` of `root` no animation of it names (in `animation`, `animation-name` or a custom
 * property, `--animate-spin: spin 1s…`): Tailwind's `spin` in each sheet of ui/controls (the entry's sheet holds
 * Tailwind's utilities), daisyUI's `menu-paged-page-in` once its rules are gone.
 */
function unusedKeyframes(root: Root): void {
  const animations: string[] = [];
  root.walkDecls(/^(animation(-name)?|--.*)$/, (decl) => void animations.push(decl.value));
  root.walkAtRules('keyframes', (frames) => {
    const named = new RegExp(String.raw`(^|[\s,])${frames.params}([\s,;]|$)`);
    if (!animations.some((value) => named.test(value))) frames.remove();
  });
}

/** The selectors of the rules inside `node`. */
function selectorsIn(node: AtRule): string[] {
  const found: string[] = [];
  node.walkRules((rule) => void found.push(rule.selector));
  return found;
}

/**
 * Removes, from the daisyUI rules of `styles` (its `@layer daisyui.*` blocks), every selector naming a
 * class, tag or attribute that no .ts, .tsx or .html file below `web` writes: the states and parts
 * daisyUI builds beside a used class (`.dropdown-open`, `.menu-horizontal.menu-paged`, `.table-pin-rows`,
 * `[aria-checked=true]`…), and the theme's copy for a `.theme-controller` no source has. PurgeCSS
 * judges each selector, alternatives inside `:is()`/`:where()` one by one; a pseudo-class never removes
 * one (`:focus-visible`, `:lang(ar)`, `:disabled`, `:scope` stay).
 * Tailwind's own rules (base, utilities, the rules written in styles.css) stay whole: Tailwind already
 * writes only the utilities the sources name. Of the sheets in `controls` (ui/controls, the components
 * only some pages use, ui/controls/README.md) only the daisyUI layers stay, each of them so purged. Runs
 * after Tailwind, before Vite hashes, minifies and precompresses the file. Takes the entry's stylesheet,
 * the components' folder and the sources' folder (defaults: src/web).
 */
export function unusedDaisyuiRules({ styles = path.join(WEB, 'styles.css'), controls = path.join(WEB, 'ui/controls'), web = WEB } = {}): Plugin {
  return {
    postcssPlugin: 'plateful-unused-daisyui-rules',
    async OnceExit(root: Root, helpers: Helpers) {
      const file = root.source?.input.file;
      const component = file !== undefined && path.dirname(file) === controls && file.endsWith('.css');
      if (file !== styles && !component) return;
      if (component) keepOnlyComponents(root, file);
      const content = sources(web);
      const purge = purgecss({
        content,
        // PurgeCSS's own words, and the tokens of class strings with their variants (`sm:btn-lg`).
        defaultExtractor: (text) => [...(text.match(/[A-Za-z0-9_-]+/g) ?? []), ...(text.match(/[^\s"'`{}<>=;]+/g) ?? [])],
        safelist: { standard: [/^:/] },
      }) as Plugin & { OnceExit: (root: Root, helpers: Helpers) => Promise<void> };
      const layers: AtRule[] = [];
      root.walkAtRules('layer', (layer) => {
        if (layer.nodes && isDaisy(layer) && !isDaisy(layer.parent)) layers.push(layer);
      });
      // daisyUI's theme again, for a checked `.theme-controller` (PurgeCSS keeps a selector starting with `:root`).
      if (!content.some((s) => s.raw.includes('theme-controller'))) {
        root.walkRules(/theme-controller/, (rule) => {
          rule.selectors = rule.selectors.filter((s) => !s.includes('theme-controller'));
          if (rule.selectors.length === 0) rule.remove();
        });
      }
      for (const layer of layers) {
        const part = helpers.postcss.root();
        part.append(layer.clone());
        await purge.OnceExit(part, helpers);
        layer.replaceWith(part.nodes);
      }
      unusedKeyframes(root);
    },
  };
}
