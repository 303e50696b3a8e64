// Compiled answers (src/server/http/compiled-answers.ts), the serializer of the food lists
// and details: it writes what zod's encode wrote, and never a key the schema does not name.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Food } from '../../src/contract/index.js';
import { compiledAnswers, loadCompiler } from '../../src/server/http/compiled-answers.js';

/** A listing answer with every optional field, as a donor reads it. */
const food: Food = {
  _id: 'a5d1c0de-0000-4000-8000-000000000001',
  FoodName: 'Bread "sourdough" \u2028 <b>',
  FoodImage: 'https://example.org/bread.jpg',
  FoodQuantity: 3,
  PickupLocation: 'Main St 1',
  ExpiredDateTime: '2026-12-01',
  AdditionalNotes: 'line\nbreak',
  FoodGallery: ['https://example.org/2.jpg'],
  Donator: { Name: 'Ana', Image: '', Email: 'ana@example.org', _id: 'u1' },
  Location: { Lat: 52.5, Lng: 13.4, Approximate: false },
  DistanceKm: 1.5,
  FoodStatus: 'Available',
  FoodWeightKg: 0.75,
  Hidden: { Reason: 'reported', At: '2026-11-27T08:00:00.000Z' },
  PickupWindows: [{ Start: '2026-11-27T16:00:00.000Z', End: '2026-11-27T18:00:00.000Z', Capacity: 2, Left: 1 }],
  TimeZone: 'Europe/Berlin',
  SeriesId: 's1',
  Category: 'Bakery',
  Diet: ['Vegan'],
  Allergens: { Contains: ['Gluten'], MayContain: [] },
};

/** `value` with an extra key on every object in it. */
function withExtraKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtraKeys);
  if (value === null || typeof value !== 'object') return value;
  return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtraKeys(v)])), donorEmail: 'secret@example.org' };
}

describe('compiled answers', () => {
  it('write a listing, a page and the variants of its fields exactly as zod encoded them', async () => {
    await loadCompiler();
    const serialize = compiledAnswers({ check: true })({ schema: z.array(Food), method: 'GET', url: '/api/foods' });
    const page: Food[] = [food, { ...food, Allergens: 'Unknown', FoodGallery: undefined, Hidden: undefined }, { ...food, Allergens: null, PickupWindows: [], Diet: [] }];
    expect(JSON.parse(serialize(page))).toEqual(JSON.parse(JSON.stringify(z.encode(z.array(Food), page))));
  });

  it('leave out every key the schema does not name, at every depth, unions included', async () => {
    await loadCompiler();
    const serialize = compiledAnswers({ check: true })({ schema: Food, method: 'GET', url: '/api/foods/:id' });
    const text = serialize(withExtraKeys(food));
    expect(text).not.toContain('secret@example.org');
    expect(JSON.parse(text)).toEqual(food);
  });

  it('refuse, outside production, an answer the schema refuses', async () => {
    await loadCompiler();
    const serialize = compiledAnswers({ check: true })({ schema: Food, method: 'GET', url: '/api/foods/:id' });
    expect(() => serialize({ ...food, FoodQuantity: 'three' })).toThrow();
    expect(() => serialize({ ...food, FoodStatus: 'Gone' })).toThrow();
  });

});
