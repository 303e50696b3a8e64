/**
 * `node --import tsx bench/profile.ts [seconds]` (docs/benchmarks.md "Where the time goes"):
 * a CPU profile of Plateful's uncached reads, anonymous and signed in. Starts the server
 * from source (so every frame names its file) with `CACHE=off` and `--cpu-prof` on the
 * benchmark database, loads one route (the detail, the featured list, the list by date,
 * near 5 km by distance) without and then with a new person's session cookie
 * (10 connections, `seconds` each, default 10), stops the server and prints, per route
 * and way of asking, the share of the server's busy CPU time spent in each layer: session
 * resolution, request validation, the query (driver and ORM), serialisation of the answer,
 * request logging, the framework (Fastify, helmet, CORS, compression), node's HTTP, our
 * route code, garbage collection. A sample counts for the outermost layer on its stack
 * that is one of session, validation, serialisation or logging (the query under the
 * session lookup is session time), else for the layer of the function it stands in.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, platefulEnv } from './api.js';
import { printTable, start, waitReady } from './lib.js';
import { availableFoodId, sessionCookie } from './session.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 3396;
const seconds = Number(process.argv[2] ?? 10);

interface Frame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Layers that own everything below them on the stack, checked from the root down. */
const OWNING: [string, (f: Frame) => boolean][] = [
  ['session', (f) => /better-auth|\/src\/server\/auth\//.test(f.url) || f.functionName === 'sessionUser'],
  ['validation', (f) => /fastify-type-provider-zod/.test(f.url) && /validator/i.test(f.functionName)],
  ['serialisation', (f) => /fastify-type-provider-zod/.test(f.url) && /serializ/i.test(f.functionName) || /serialize|stringify/i.test(f.functionName) && /fastify\/lib\/reply/.test(f.url)],
  ['logging', (f) => /node_modules\/(pino|sonic-boom)|log-destination/.test(f.url)],
];

/** The layer of the function a sample stands in, when no owning layer is on its stack. */
function leafLayer(f: Frame): string {
  if (f.functionName === '(garbage collector)') return 'GC';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-|drizzle-orm)/.test(f.url) || /\/src\/server\/db\//.test(f.url)) return 'query';
  if (/node_modules\/(zod)/.test(f.url)) return 'zod (other)';
  if (/node_modules\/(fastify|@fastify|avvio|find-my-way|light-my-request|helmet|fast-json-stringify|secure-json-parse)/.test(f.url)) return 'framework';
  if (/\/src\/server\//.test(f.url)) return 'route code';
  if (/^node:|internal\/|^$/.test(f.url)) return 'node (http, net, streams)';
  if (/node_modules\//.test(f.url)) return 'other libraries';
  return 'other';
}

/** Shares of busy samples per layer (idle and `(program)` left out). */
function split(profile: Profile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const leaf = byId.get(id)!.callFrame;
    if (leaf.functionName === '(idle)' || leaf.functionName === '(program)') continue;
    busy += 1;
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    stack.reverse();
    // Start-up (loading and compiling modules) is not serving.
    if (stack.some((f) => /internal\/modules|node_modules\/(tsx|esbuild)\//.test(f.url))) {
      busy -= 1;
      continue;
    }
    const owner = OWNING.find(([, test]) => stack.some(test))?.[0];
    // Built-ins (JSON, RegExp, writev) and node's own modules count for the layer that called them.
    const caller = [...stack].reverse().find((f) => f.url !== '' && !/^node:|internal\//.test(f.url)) ?? leaf;
    const layer = owner ?? (leaf.functionName === '(garbage collector)' ? 'GC' : leafLayer(caller));
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  }
  return new Map([...counts].map(([k, v]) => [k, v / busy]));
}

async function profileRoute(route: string, url: string, signedIn: boolean): Promise<Map<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plateful-prof-'));
  const server = start(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    ...platefulEnv(PORT, { CACHE: 'off' }),
  });
  try {
    await waitReady(`http://127.0.0.1:${PORT}/api/ready`, 60_000);
    const headers: Record<string, string> = signedIn ? { cookie: await sessionCookie(PORT) } : {};
    await load(`http://127.0.0.1:${PORT}${url}`, 2, 10, headers);
    const measured = await load(`http://127.0.0.1:${PORT}${url}`, seconds, 10, headers);
    console.log(`${route}: ${Math.round(measured.rps)} req/s, p95 ${measured.p95} ms (profiling slows it)`);
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  return split(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile);
}

const id = await availableFoodId();
const routes: [string, string][] = [
  ['detail', `/api/foods/${id}`],
  ['featured', '/api/foods?sortByQuantity=true&limit=6'],
  ['by date', '/api/foods?sortByDate=dec&limit=24'],
  ['near 5 km', '/api/foods?sortByDate=dec&near=52.52,13.405&radiusKm=5&sortByDistance=true&limit=24'],
];
const results = new Map<string, Map<string, number>>();
for (const [name, url] of routes) {
  for (const signedIn of [false, true]) {
    const column = `${name}${signedIn ? ', signed in' : ''}`;
    results.set(column, await profileRoute(column, url, signedIn));
  }
}
const columns = [...results.keys()];
const layers = [...new Set([...results.values()].flatMap((m) => [...m.keys()]))].sort(
  (a, b) => (results.get(columns[1]!)!.get(b) ?? 0) - (results.get(columns[1]!)!.get(a) ?? 0),
);
printTable(
  `Share of the server's busy CPU per layer, CACHE=off, 10 connections × ${seconds} s`,
  layers.map((layer) => ({
    layer,
    ...Object.fromEntries(columns.map((c) => [c, `${((results.get(c)!.get(layer) ?? 0) * 100).toFixed(1)} %`])),
  })),
);
