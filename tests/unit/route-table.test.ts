// The contract's page table (src/contract/routes.ts) against the web router that renders it
// (src/web/app/routes.tsx for home, src/web/app/PageRoutes.tsx for the rest): every page has a
// component, every lazy import is the table's manifest key, and the path helpers build and match
// the table's patterns.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_GUARD_MODULE,
  PAGES,
  PAGE_LIST,
  PAGE_ROUTES_MODULE,
  QUERY_BOUNDARY_MODULE,
  conversationPath,
  foodPath,
  manageFoodPath,
  pageModules,
  pathRegExp,
  routerPattern,
  updateFoodPath,
} from '../../src/contract/routes.js';

const WEB = path.resolve(import.meta.dirname, '../../src/web');
const ROUTES_FILE = path.join(WEB, 'app/PageRoutes.tsx');
const source = readFileSync(ROUTES_FILE, 'utf8');
const entrySource = readFileSync(path.join(WEB, 'app/routes.tsx'), 'utf8');

/** The manifest key (relative to src/web, `.tsx`) of an `import('…')` specifier in routes.tsx. */
const manifestKey = (specifier: string) =>
  path.relative(WEB, path.resolve(path.dirname(ROUTES_FILE), specifier)).replace(/\.js$/, '.tsx').split(path.sep).join('/');

/** PageRoutes.tsx's `name: preloadable(() => import('…'))` entries: page name → manifest key. */
const lazyPages = new Map([...source.matchAll(/^\s+(\w+): preloadable\(\(\) => import\('([^']+)'\)\),$/gm)].map((m) => [m[1]!, manifestKey(m[2]!)]));
/** Every module routes.tsx and PageRoutes.tsx (both in app/) import lazily: the page routes, pages and wrappers. */
const lazyModules = [...`${entrySource}${source}`.matchAll(/import\('([^']+)'\)/g)].map((m) => manifestKey(m[1]!));

describe('page table and web routes', () => {
  it.each(PAGE_LIST)('%s has its page in the router, loaded from the table\'s module', (name, page) => {
    if (page.kind === 'entry') {
      expect(page.module).toBeUndefined();
      expect(entrySource).toContain(`<Route path="${page.path}" component=`);
      expect(lazyPages.has(name)).toBe(false);
    } else {
      expect(lazyPages.get(name)).toBe(page.module);
    }
  });

  it('PageRoutes.tsx has no page the table lacks', () => {
    expect([...lazyPages.keys()].filter((name) => !(name in PAGES))).toEqual([]);
  });

  it('every manifest key of the table names an existing file that the router imports lazily', () => {
    const keys = new Set(PAGE_LIST.flatMap(([, page]) => pageModules(page)));
    expect(keys).toContain(QUERY_BOUNDARY_MODULE);
    expect(keys).toContain(LOGIN_GUARD_MODULE);
    expect(keys).toContain(PAGE_ROUTES_MODULE);
    for (const key of keys) {
      expect(existsSync(path.join(WEB, key)), key).toBe(true);
      expect(lazyModules, key).toContain(key);
    }
  });

  it('paths are unique and previewed pages are public', () => {
    expect(new Set(PAGE_LIST.map(([, page]) => page.path)).size).toBe(PAGE_LIST.length);
    for (const [, page] of PAGE_LIST.filter(([, p]) => p.previewed)) expect(page.kind).not.toBe('guarded');
  });
});

describe('path helpers', () => {
  const id = '0b4f3c1e-1d7a-4c55-9e1f-0a2b3c4d5e6f';

  it('builds the concrete path of each parameterised page, matched by its pattern', () => {
    const built: [string, string][] = [
      [foodPath(id), PAGES.food.path],
      [updateFoodPath(id), PAGES.updateFood.path],
      [manageFoodPath(id), PAGES.manageFood.path],
      [conversationPath(id), PAGES.conversation.path],
    ];
    expect(built.map(([p]) => p)).toEqual([`/food/${id}`, `/update-food/${id}`, `/manage-food/${id}`, `/requests/${id}`]);
    for (const [concrete, pattern] of built) expect(pathRegExp(pattern).test(concrete)).toBe(true);
  });

  it('keeps a parameter inside one segment', () => {
    expect(foodPath('a/b?c')).toBe('/food/a%2Fb%3Fc');
    expect(pathRegExp(PAGES.food.path).test('/food/a/b')).toBe(false);
    expect(pathRegExp(PAGES.food.path).test('/food/')).toBe(false);
    expect(pathRegExp(PAGES.home.path).test('/')).toBe(true);
    expect(pathRegExp(PAGES.home.path).test('/x')).toBe(false);
  });

  it('writes patterns in the router\'s syntax', () => {
    expect(routerPattern(PAGES.manageFood.path)).toBe('/manage-food/:foodId');
    expect(routerPattern(PAGES.moderationLog.path)).toBe('/moderation/log');
  });
});

describe('links of the web client', () => {
  /** Every literal in-app path of src/web: `to="/…"`, `to: '/…'`, `navigate('/…'`. */
  function literalPaths(dir: string): string[] {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(dir, file), 'utf8');
        return [...text.matchAll(/(?:\bto[=:]\s*\{?|navigate\()\s*['"](\/[^'"?#]*)/g)].map((m) => `${m[1]} (${file})`);
      });
  }

  it('lead to pages of the table', () => {
    const paths = literalPaths(WEB);
    expect(paths.length).toBeGreaterThan(20);
    const patterns = PAGE_LIST.map(([, page]) => pathRegExp(page.path));
    expect(paths.filter((p) => !patterns.some((re) => re.test(p.split(' ')[0]!)))).toEqual([]);
  });
});
