// src/web/styles.css builds only the daisyUI components it lists (`include`): a class of
// a component left out would render unstyled. This fails when src/web uses a class of a
// daisyUI component (as its files in node_modules/daisyui name them) that the list lacks,
// and when the list names a component nothing uses.
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

/** The words of src/web's class strings (className, and lower-case multi-word literals), comments left out. */
function usedWords(): Set<string> {
  const words = new Set<string>();
  const web = path.join(root, 'src/web');
  for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))) {
    const code = readFileSync(path.join(web, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const literals = code.matchAll(/className=\{?[`"']([^`"']*)|[`"']((?:[a-z0-9:\-[\]/.!]+ )+[a-z0-9:\-[\]/.!]+)[`"']/g);
    for (const m of literals) for (const w of (m[1] ?? m[2] ?? '').split(/[\s`"'${}]+/)) if (w) words.add(w.split(':').pop()!.replace(/^!/, ''));
  }
  return words;
}

describe("daisyUI's include list (src/web/styles.css)", () => {
  const css = readFileSync(path.join(root, 'src/web/styles.css'), 'utf8');
  const included = new Set(css.match(/include:\s*([^;]+);/)![1]!.split(',').map((s) => s.trim()));
  const classes = daisyClasses();
  const words = usedWords();
  const used = [...classes].filter(([, own]) => [...own].some((c) => words.has(c))).map(([name]) => name);

  it('names every daisyUI component whose classes src/web uses', () => {
    expect(used.filter((name) => !included.has(name))).toEqual([]);
  });

  it('names no component that src/web does not use (base styles aside)', () => {
    const base = new Set(readdirSync(path.join(daisy, 'base')).filter((f) => !f.endsWith('.css')));
    expect([...included].filter((name) => !base.has(name) && !used.includes(name))).toEqual([]);
  });
});
