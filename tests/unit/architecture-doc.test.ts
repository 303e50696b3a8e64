// docs/architecture.md names every folder directly under src/server/ and src/web/features/
// in its "Folders" tree, each under its parent, and no folder that does not exist.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const folders = (dir: string) =>
  readdirSync(new URL(dir, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The lines of the "## Folders" code block. */
function tree(): string[] {
  const doc = readFileSync(new URL('docs/architecture.md', root), 'utf8');
  const block = /^## Folders\n+```\n([\s\S]*?)\n```/m.exec(doc);
  if (!block) throw new Error('docs/architecture.md has no "## Folders" code block');
  return block[1]!.split('\n');
}

const indent = (line: string) => line.length - line.trimStart().length;

/** The folder names one level below the tree line that starts with `parent` (e.g. `src/server/`). */
function childrenOf(lines: string[], parent: RegExp): string[] {
  const at = lines.findIndex((line) => parent.test(line.trimStart()));
  if (at < 0) throw new Error(`the tree has no line for ${parent}`);
  const names: string[] = [];
  let childIndent: number | undefined;
  for (const line of lines.slice(at + 1)) {
    const name = /^\s*([\w-]+)\/\s/.exec(`${line} `)?.[1];
    if (line.trim() === '' || indent(line) <= indent(lines[at]!)) break;
    if (!name) continue;
    childIndent ??= indent(line);
    if (indent(line) === childIndent) names.push(name);
  }
  return names.sort();
}

describe('docs/architecture.md', () => {
  it('names every folder of src/server/, and none that is gone', () => {
    expect(childrenOf(tree(), /^src\/server\//)).toEqual(folders('src/server/'));
  });

  it('names every feature of src/web/features/, and none that is gone', () => {
    expect(childrenOf(tree(), /^features\//)).toEqual(folders('src/web/features/'));
  });
});
