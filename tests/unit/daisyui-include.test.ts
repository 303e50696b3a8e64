// src/web/styles.css and the sheets of src/web/ui/controls build only the daisyUI components they list
// (`include`): a class of a component left out would render unstyled. This fails when src/web uses
// a class of a daisyUI component (as its files in node_modules/daisyui name them) that no list has,
// when a list names a component nothing uses or two name one, and when a file uses a class of a
// component of ui/controls without importing that component's sheet (its page would show it unstyled).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const daisy = path.join(root, 'node_modules/daisyui');
/** Components whose classes do not start with their file's name. */
const STEMS: Record<string, string[]> = {
  button: ['btn'],
  fileinput: ['file-input'],
  radialprogress: ['radial-progress'],
  tab: ['tab', 'tabs'],
  steps: ['steps', 'step'],
  textrotate: ['text-rotate'],
  hovergallery: ['hover-gallery'],
  hover3d: ['hover-3d'],
  radius: ['rounded'],
};

/** Each daisyUI component and utility with the classes it defines (those starting with its stem). */
function daisyClasses(): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  for (const kind of ['components', 'utilities']) {
    for (const file of readdirSync(path.join(daisy, kind)).filter((f) => f.endsWith('.css'))) {
      const name = file.slice(0, -4);
      const stems = STEMS[name] ?? [name];
      const css = readFileSync(path.join(daisy, kind, file), 'utf8');
      const own = [...css.matchAll(/\.([a-z][a-z0-9-]*)/g)].map((m) => m[1]!).filter((c) => stems.some((s) => c === s || c.startsWith(`${s}-`)));
      byName.set(name, new Set(own));
    }
  }
  return byName;
}

/** The words of one file's class strings (className, and lower-case multi-word literals), comments left out. */
function classWords(code: string): Set<string> {
  const words = new Set<string>();
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const literals = bare.matchAll(/className=\{?[`"']([^`"']*)|[`"']((?:[a-z0-9:\-[\]/.!]+ )+[a-z0-9:\-[\]/.!]+)[`"']/g);
  for (const m of literals) for (const w of (m[1] ?? m[2] ?? '').split(/[\s`"'${}]+/)) if (w) words.add(w.split(':').pop()!.replace(/^!/, ''));
  return words;
}

const web = path.join(root, 'src/web');
/** Each .ts/.tsx file of src/web (relative path) with its source. */
const files = readdirSync(web, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f): [string, string] => [f, readFileSync(path.join(web, f), 'utf8')]);

/** A stylesheet's `include` list. */
const includeOf = (file: string) => new Set(readFileSync(path.join(web, file), 'utf8').match(/include:\s*([^;]+);/)![1]!.split(',').map((s) => s.trim()));
/** Each sheet of ui/controls (its name, `input` for input.css) with its `include` list. */
const sheets = readdirSync(path.join(web, 'ui/controls'))
  .filter((f) => f.endsWith('.css'))
  .map((f): [string, Set<string>] => [f.slice(0, -4), includeOf(`ui/controls/${f}`)]);

describe("daisyUI's include lists (src/web/styles.css, src/web/ui/controls/*.css)", () => {
  const entry = includeOf('styles.css');
  const controls = new Set(sheets.flatMap(([, names]) => [...names]));
  const classes = daisyClasses();
  const words = new Set(files.flatMap(([, code]) => [...classWords(code)]));
  const used = [...classes].filter(([, own]) => [...own].some((c) => words.has(c))).map(([name]) => name);

  it('names every daisyUI component whose classes src/web uses', () => {
    expect(used.filter((name) => !entry.has(name) && !controls.has(name))).toEqual([]);
  });

  it('names no component that src/web does not use (base styles aside), no component in both lists', () => {
    const base = new Set(readdirSync(path.join(daisy, 'base')).filter((f) => !f.endsWith('.css')));
    expect([...entry, ...controls].filter((name) => !base.has(name) && !used.includes(name))).toEqual([]);
    expect([...controls].filter((name) => !base.has(name) && entry.has(name))).toEqual([]);
    const named = sheets.flatMap(([, names]) => [...names].filter((name) => !base.has(name)));
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
  });

  it('has every file that uses a class of a component of ui/controls import its sheet, and no other', () => {
    const wrong = files.flatMap(([file, code]) => {
      const words = classWords(code);
      const uses = sheets.filter(([, names]) => [...names].some((name) => [...(classes.get(name) ?? [])].some((c) => words.has(c)))).map(([sheet]) => sheet);
      const imports = [...code.matchAll(/^import '[./]+(?:ui\/)?controls\/([\w-]+)\.css';$/gm)].map((m) => m[1]!);
      return uses.join() === [...imports].sort().join() ? [] : [`${file}: uses ${uses.join(', ')}; imports ${imports.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });
});
