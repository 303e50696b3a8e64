// The build's removal of the fallbacks for browsers without `color-mix()` (scripts/color-mix-fallbacks.ts):
// the `@supports` block's declarations stay, unwrapped, and only the fallback declarations they replace go.
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { colorMixFallbacks } from '../../scripts/color-mix-fallbacks.js';

const run = async (css: string) => (await postcss([colorMixFallbacks()]).process(css, { from: undefined })).css.replace(/\s+/g, ' ').trim();

describe('color-mix() fallbacks', () => {
  it("unwraps the block and drops the rule's fallback declaration, keeping its others", async () => {
    const css = `@layer utilities{.btn{color:var(--c);padding:1rem}@supports (color:color-mix(in lab, red, red)){.btn{color:color-mix(in oklab, var(--c) 50%, transparent)}}}`;
    expect(await run(css)).toBe('@layer utilities{.btn{padding:1rem}.btn{color:color-mix(in oklab, var(--c) 50%, transparent)}}');
  });

  it('drops a fallback rule left empty, and keeps a rule of another selector in between', async () => {
    expect(await run('.a{color:red}@supports (color:color-mix(in lab, red, red)){.a{color:color-mix(in oklab, red 10%, transparent)}}')).toBe(
      '.a{color:color-mix(in oklab, red 10%, transparent)}',
    );
    expect(await run('.a{color:red}.b{color:blue}@supports (color:color-mix(in lab, red, red)){.a{color:color-mix(in oklab, red 10%, transparent)}}')).toBe(
      '.a{color:red}.b{color:blue}.a{color:color-mix(in oklab, red 10%, transparent)}',
    );
  });

  it('leaves other @supports blocks alone', async () => {
    const css = '@supports (display:grid){.a{display:grid}}';
    expect(await run(css)).toBe(css);
  });
});
