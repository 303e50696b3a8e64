/**
 * The web client's import graph as the catalogs see it (docs/translating.md "Catalogs"): from a module, every
 * relative `import … from`, `import '…'` and `import()` of src/web, read from the source text. A lazily loaded
 * module that waits for its own catalogs (`withMessages(() => import('…'), [parts])`, src/web/lib/i18n.ts) brings
 * those parts to what it reaches.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One import of a file: the file imported and the catalogs a `withMessages` around it loads. */
interface Edge {
  file: string;
  parts: string[];
}

const edgesOf = new Map<string, Edge[]>();

/** `specifier` imported by `from` as a source file (`.js` → `.ts`/`.tsx`), or undefined when not in the client's sources. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const bare = path.resolve(path.dirname(from), specifier.replace(/\?.*$/, '')).replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((ext) => bare + ext).find((file) => existsSync(file));
}

/** The imports of `file` (type-only ones left out: they are gone from the built JavaScript). */
function edges(file: string): Edge[] {
  let found = edgesOf.get(file);
  if (found) return found;
  const text = readFileSync(file, 'utf8');
  found = [];
  const add = (specifier: string, parts: string[] = []) => {
    const target = resolve(file, specifier);
    if (target) found!.push({ file: target, parts });
  };
  for (const m of text.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'";]*?\bfrom\s+'([^']+)'/gm)) add(m[1]!);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) add(m[1]!);
  const awaited = new Set<string>();
  for (const m of text.matchAll(/withMessages\(\s*\(\)\s*=>\s*import\('([^']+)'\)[^[]*\[([^\]]*)\]/g)) {
    awaited.add(m[1]!);
    add(m[1]!, [...m[2]!.matchAll(/'(\w+)'/g)].map((p) => p[1]!));
  }
  for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) if (!awaited.has(m[1]!)) add(m[1]!);
  edgesOf.set(file, found);
  return found;
}

/**
 * Every source file reached from `start` (each with the catalogs loaded when it shows: `parts`, plus those of the
 * `withMessages` on the way), `start` included, not going into `beyond`; a file reached with different parts is
 * listed once for each.
 */
export function reached(start: string, parts: string[], beyond = new Set<string>()): { file: string; parts: string[] }[] {
  const seen = new Set<string>();
  const out: { file: string; parts: string[] }[] = [];
  const stack = [{ file: start, parts }];
  while (stack.length) {
    const next = stack.pop()!;
    const key = `${next.file}:${[...next.parts].sort().join()}`;
    if (seen.has(key) || beyond.has(next.file)) continue;
    seen.add(key);
    out.push(next);
    for (const edge of edges(next.file)) stack.push({ file: edge.file, parts: [...new Set([...next.parts, ...edge.parts])] });
  }
  return out;
}
