// A PostCSS step of the web client's build (vite.config.ts `css.postcss`): daisyUI's rules for a form control
// wrapped in an element of its class (`<label class="input"><input></label>`), a markup src/web never writes:
// each control has its component's class itself (`<input class="input">`, and `<select class="input">` for a
// drop-down in the text field's frame; tests/unit/control-wrappers.test.ts keeps that true).
// Its own input of `npm run build`'s stamp (scripts/build.mjs).
import path from 'node:path';
import type { Plugin, Root } from 'postcss';

const WEB = path.join(import.meta.dirname, '../src/web');

/** Each wrapping class daisyUI styles, with the element it wraps. */
export const WRAPPED: Record<string, string> = { input: 'input', select: 'select', textarea: 'textarea', 'file-input': 'input' };

/**
 * `text` split at the commas outside parentheses and brackets; or (`combinators`) into its compounds and the
 * combinators between them (`' '`, `>`, `+`, `~`), compounds at the even places.
 */
function split(text: string, combinators = false): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && !combinators && c === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && combinators && /[\s>+~]/.test(c)) {
      let j = i;
      while (j < text.length && /[\s>+~]/.test(text[j]!)) j++;
      parts.push(text.slice(start, i), text.slice(i, j).trim() || ' ');
      start = j;
      i = j - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The argument lists of the `:is()`, `:where()` and `:has()` at the top level of `compound`, with where they sit. */
function pseudoArguments(compound: string): { name: string; start: number; end: number }[] {
  const found: { name: string; start: number; end: number }[] = [];
  for (let i = 0, depth = 0; i < compound.length; i++) {
    const c = compound[i]!;
    if (depth === 0 && c === ':') {
      const m = /^:(is|where|has)\(/.exec(compound.slice(i));
      if (m) {
        let d = 0;
        let j = i + m[0].length - 1;
        for (; j < compound.length; j++) {
          if (compound[j] === '(') d++;
          else if (compound[j] === ')' && --d === 0) break;
        }
        found.push({ name: m[1]!, start: i + m[0].length, end: j });
        i = j;
        continue;
      }
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
  }
  return found;
}

/** Whether `compound` matches only elements of the class `cls` (named at its top level, or in every choice of an `:is()`). */
function hasClass(compound: string, cls: string): boolean {
  const named = new RegExp(String.raw`\.${cls}(?![\w-])`);
  let top = compound;
  for (const arg of pseudoArguments(compound).reverse()) {
    const choices = split(compound.slice(arg.start, arg.end));
    if (arg.name !== 'has' && choices.every((c) => hasClass(split(c.trim(), true).at(-1)!, cls))) return true;
    top = top.slice(0, arg.start) + top.slice(arg.end);
  }
  return named.test(top);
}

/** Whether the complex selector `selector` reaches an element its wrapping class wraps (`.select select`, `.input:has(>input)`). */
function reachesWrapped(selector: string): boolean {
  const parts = split(selector.trim(), true);
  return Object.entries(WRAPPED).some(([cls, tag]) => {
    const isTag = new RegExp(String.raw`^(?:${tag}|:(?:is|where)\(${tag}\))(?![\w-])`);
    const hasTag = new RegExp(String.raw`:has\(\s*>?\s*${tag}(?![\w-])`);
    return parts.some((part, i) => {
      if (i % 2 === 1 || !hasClass(part, cls)) return false;
      if (hasTag.test(part)) return true;
      return parts.some((later, j) => j > i && j % 2 === 0 && (parts[j - 1] === ' ' || parts[j - 1] === '>') && isTag.test(later));
    });
  });
}

/** `selector` without its choices (of `:is()`/`:where()`, or itself) that reach a wrapped control; undefined when none is left. */
export function withoutWrapped(selector: string): string | undefined {
  let out = '';
  for (const [i, part] of split(selector.trim(), true).entries()) {
    if (i % 2 === 1) {
      out += part === ' ' ? ' ' : part;
      continue;
    }
    let compound = part;
    for (const arg of pseudoArguments(part).reverse()) {
      if (arg.name === 'has') continue;
      const kept = split(part.slice(arg.start, arg.end)).filter((choice) => !reachesWrapped(choice));
      if (kept.length === 0) return undefined;
      compound = compound.slice(0, arg.start) + kept.join(',') + compound.slice(arg.end);
    }
    out += compound;
  }
  return reachesWrapped(out) ? undefined : out;
}

/**
 * Removes, from the entry's stylesheet and the sheets of `controls` (ui/controls), every selector (or choice of an
 * `:is()`/`:where()`) that matches a form control inside an element of its class (WRAPPED): `.select select::placeholder`,
 * `.input:has(>input[disabled])`, `:is(.select,.select select)::picker(select)` → `:is(.select)::picker(select)`.
 * Takes the entry's stylesheet and the components' folder (defaults: src/web).
 */
export function controlWrappers({ styles = path.join(WEB, 'styles.css'), controls = path.join(WEB, 'ui/controls') } = {}): Plugin {
  return {
    postcssPlugin: 'plateful-control-wrappers',
    OnceExit(root: Root) {
      const file = root.source?.input.file;
      if (file !== styles && !(file !== undefined && path.dirname(file) === controls && file.endsWith('.css'))) return;
      root.walkRules((rule) => {
        if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
        const kept = rule.selectors.map(withoutWrapped).filter((s) => s !== undefined);
        if (kept.length === 0) rule.remove();
        else rule.selectors = kept;
      });
      root.walkAtRules((at) => {
        if (at.nodes?.length === 0) at.remove();
      });
    },
  };
}
