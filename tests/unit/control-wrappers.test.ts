// The build's removal of daisyUI's rules for wrapped form controls (scripts/control-wrappers.ts): a rule for a
// control inside an element of its class goes, every rule for a control that has the class itself stays; and
// src/web gives the classes only to the controls themselves, so no page loses a rule it matches.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { controlWrappers, WRAPPED, withoutWrapped } from '../../scripts/control-wrappers.js';

const web = new URL('../../src/web/', import.meta.url).pathname;

describe('rules for wrapped form controls', () => {
  it('drops the selectors and choices that reach a control inside an element of its class', () => {
    for (const gone of [
      '.select select::placeholder',
      '.input input:focus',
      '.select:has(>select[disabled])>select[disabled]',
      '.file-input:has(>input[disabled])',
      ':is(.select:has(>select[disabled]),.select:is(:disabled,[disabled])) :is(select)',
      '.textarea > textarea',
    ])
      expect(withoutWrapped(gone)).toBeUndefined();
    expect(withoutWrapped(':is(.select,.select select)::picker(select)')).toBe(':is(.select)::picker(select)');
    expect(withoutWrapped(':is(input.input,.input input)[type=url]')).toBe(':is(input.input)[type=url]');
    expect(withoutWrapped(':is(.input:has(>input[disabled]),.input:is(:disabled,[disabled]),fieldset:disabled .input)::placeholder')).toBe(
      ':is(.input:is(:disabled,[disabled]),fieldset:disabled .input)::placeholder',
    );
  });

  it('keeps every selector of a control with the class itself, and of other elements', () => {
    for (const kept of [
      '.select',
      '.select:is(:disabled,[disabled])',
      'fieldset:disabled .select',
      ':is(.select:is(:disabled,[disabled]),fieldset:disabled .select):is(select)',
      '.select option:not(:disabled):hover',
      '[dir=rtl] .select::picker(select)',
      ':is(.input[type=url],.input[type=email]):is(:lang(ar),:lang(he))',
      '.join :where(.join-item) input',
      '.input~input',
      '.menu :where(li)>:not(ul,.menu-title)',
    ])
      expect(withoutWrapped(kept)).toBe(kept);
  });

  it('changes only the entry stylesheet and the sheets of ui/controls', async () => {
    const css = '.select select{color:red}.select{color:blue}';
    const run = async (from: string) => (await postcss([controlWrappers({ styles: '/w/styles.css', controls: '/w/ui/controls' })]).process(css, { from })).css;
    expect(await run('/w/ui/controls/select.css')).toBe('.select{color:blue}');
    expect(await run('/w/styles.css')).toBe('.select{color:blue}');
    expect(await run('/w/leaflet.css')).toBe(css);
  });

  it('finds every class of WRAPPED in src/web on a control itself (<input className="input…">, <select className="input…">)', () => {
    const wrong: string[] = [];
    for (const file of readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'))) {
      const code = readFileSync(path.join(web, file), 'utf8');
      for (const m of code.matchAll(/className=\{?[`"']([^`"']*)/g)) {
        const words = m[1]!.split(/[\s${}]+/).map((w) => w.split(':').pop()!);
        for (const [cls, tag] of Object.entries(WRAPPED)) {
          if (!words.includes(cls)) continue;
          const element = /<([\w.]+)[^<]*$/.exec(code.slice(0, m.index))?.[1];
          // The text field's frame also dresses drop-downs and text areas (styles.css `field-select`, `field-text`).
          const controls = cls === 'input' ? ['input', 'select', 'textarea'] : [tag];
          if (!controls.includes(element ?? '')) wrong.push(`${file}: .${cls} on <${element}>`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
