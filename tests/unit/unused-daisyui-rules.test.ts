// The build's removal of unused daisyUI rules (scripts/unused-daisyui-rules.ts): a state or part no
// source names goes, while every rule a page can match stays (disabled buttons, open dialogs, the
// menu's current page, right-to-left inputs, keyboard focus) and Tailwind's own rules are not touched
// in the entry's stylesheet, dropped from the sheets of ui/controls; `@keyframes` no rule animates with go.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { unusedDaisyuiRules } from '../../scripts/unused-daisyui-rules.js';

const web = mkdtempSync(path.join(tmpdir(), 'plateful-css-'));
const styles = path.join(web, 'styles.css');
const controls = path.join(web, 'ui/controls');
const sheet = path.join(controls, 'input.css');
mkdirSync(controls, { recursive: true });
writeFileSync(sheet, '@plugin "daisyui" { include: rootscrolllock, input, join, modal; }');
writeFileSync(
  path.join(web, 'Page.tsx'),
  `export const Page = ({ busy }: { busy: boolean }) => (
    <>
      <ul className="menu"><li><a href="/" aria-current="page">Home</a></li></ul>
      <input className="input" type="email" />
      <div className="join" />
      <button className={\`btn \${busy ? 'btn-primary' : 'btn-outline'} sm:btn-lg\`} disabled={busy}>Go</button>
      <dialog className="modal" open><div className="modal-box" /></dialog>
    </>
  );`,
);

const CSS = `@layer base{progress{color:red}}
@layer utilities{@layer daisyui.l1{@layer daisyui.l1.l2{
.btn:is(.btn-disabled,:disabled,[disabled]){color:gray}
.btn-primary{color:blue}.btn-outline{color:white}.btn-secondary{color:pink}
@media (width>=40rem){.sm\\:btn-lg{font-size:2rem}}
.modal.modal-open,.modal[open],.modal-toggle:checked+.modal{visibility:visible}
.menu :where(li)>:not(ul,.menu-title).menu-active,.menu :where(li)>:not(ul,.menu-title)[aria-current]:not([aria-current=false]){background:blue}
.menu-horizontal.menu-paged{display:flex}
:is(.input[type=tel],.input[type=email]):is(:lang(ar),:lang(he)){direction:ltr}
:focus-visible{outline:2px solid}
}}.unused-utility{color:green}}`;

/** The selectors of `css` after the step, as `file` (the app's stylesheet unless told). */
async function selectors(css: string, file = styles): Promise<string[]> {
  const result = await postcss([unusedDaisyuiRules({ styles, controls, web })]).process(css, { from: file });
  const found: string[] = [];
  result.root.walkRules((rule) => void found.push(rule.selector));
  return found;
}

describe('unused daisyUI rules', () => {
  it('drops the variants, states and parts no source names', async () => {
    const kept = (await selectors(CSS)).join('\n');
    for (const gone of ['btn-secondary', 'btn-disabled', 'modal-open', 'modal-toggle', 'menu-active', 'menu-paged', 'type=tel']) expect(kept).not.toContain(gone);
  });

  it('keeps what a page can match, classes written in template strings and with variants included', async () => {
    expect(await selectors(CSS)).toEqual(
      expect.arrayContaining([
        'progress',
        '.btn:is(:disabled,[disabled])',
        '.btn-primary',
        '.btn-outline',
        '.sm\\:btn-lg',
        '.modal[open]',
        '.menu :where(li)>:not(ul,.menu-title)[aria-current]:not([aria-current=false])',
        ':is(.input[type=email]):is(:lang(ar),:lang(he))',
        ':focus-visible',
        '.unused-utility',
      ]),
    );
  });

  it("keeps of a sheet of ui/controls only its components' used rules, its own rules, the root's and the animations they use", async () => {
    const css = `@layer theme{:root{--color-red-500:red}}@layer base{html{color:red}:root{--page-scroll-lock:initial}}@property --tw-x{syntax:"*";inherits:false}
${CSS.replace('.unused-utility{color:green}', '.table{display:table}.join{display:inline-flex}:is(.input[type=email]):dir(rtl){direction:rtl}@layer own{.select:not([multiple]){overflow:clip}.modal-box{animation:radio .2s}}')}@keyframes radio{0%{padding:5px}}@keyframes spin{to{rotate:1turn}}`;
    const kept = await selectors(css, sheet);
    expect(kept).toEqual(expect.arrayContaining([':root', '.join', '.btn-primary', '.modal[open]', ':is(.input[type=email]):dir(rtl)', '.select:not([multiple])', '0%']));
    for (const gone of ['html', '.table', '.btn-secondary', 'to']) expect(kept).not.toContain(gone);
    expect(kept.filter((s) => s === ':root')).toHaveLength(1);
    const out = (await postcss([unusedDaisyuiRules({ styles, controls, web })]).process(css, { from: sheet })).css;
    expect(out).not.toContain('@layer own');
    expect(out).not.toContain('@property');
  });

  it("drops the theme's copy for a checked .theme-controller, keeping the theme itself", async () => {
    const kept = await selectors('@layer base{:where(:root),:root:has(input.theme-controller[value=light]:checked),[data-theme=light]{--color-primary:blue}}');
    expect(kept).toEqual([':where(:root),[data-theme=light]']);
  });

  it('leaves every other stylesheet as it is', async () => {
    expect(await selectors(CSS, path.join(web, 'leaflet.css'))).toContain('.btn-secondary');
  });
});
