/**
 * The import graph between the top-level folders of `src/server` (docs/architecture.md):
 * read from the source text, every relative `import … from` / `import()` of each `.ts` file.
 * Files at the root of `src/server` (app.ts, main.ts, config.ts) are their own nodes by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folder → the folders it imports (itself excluded), for the tree under `root`. */
export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const nodeOf = (file: string) => path.relative(root, file).split(path.sep)[0]!.replace(/\.ts$/, '');
  for (const rel of readdirSync(root, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(rel) || rel.endsWith('.d.ts')) continue;
    const file = path.join(root, rel);
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (!target.startsWith(root + path.sep)) continue;
      const to = nodeOf(target).replace(/\.js$/, '');
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan), each sorted; none in a layered house. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
