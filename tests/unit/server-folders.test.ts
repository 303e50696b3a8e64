// The house of src/server (docs/architecture.md): its top-level folders import each
// other without a loop, and the shared plumbing imports no feature.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph } from './folder-graph.js';

const SERVER = path.resolve('src/server');
/** Shared plumbing: every feature may import these; they import only each other. */
const PLUMBING = new Set(['config', 'db', 'events', 'http', 'i18n', 'lib', 'mail', 'outbox', 'metrics', 'backup']);

describe('the folders of src/server', () => {
  const graph = folderGraph(SERVER);

  it('reads the imports between folders (a known arrow is found)', () => {
    expect(graph.get('foods')).toContain('db');
    expect(graph.get('app')).toContain('foods');
  });

  it('import each other without a loop', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a loop where there is one', () => {
    const looped = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(looped)).toEqual([['a', 'b', 'c']]);
  });

  it('keep the shared plumbing free of features', () => {
    const upward = [...PLUMBING].flatMap((folder) => [...(graph.get(folder) ?? [])].filter((to) => !PLUMBING.has(to)).map((to) => `${folder} -> ${to}`));
    expect(upward).toEqual([]);
  });
});
