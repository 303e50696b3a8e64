// Keyset cursors of GET /api/foods (src/contract/foods.ts): made, parsed, and checked against the sort order.
import { describe, expect, it } from 'vitest';
import { FoodsQuery, makeFoodsCursor, parseFoodsCursor } from '../../src/contract/index.js';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('foods cursors', () => {
  it('round-trips a date key and a quantity key, with the id in lower case', () => {
    expect(parseFoodsCursor(makeFoodsCursor('2025-03-05', ID))).toEqual({ key: '2025-03-05', id: ID });
    expect(parseFoodsCursor(makeFoodsCursor(42, ID.toUpperCase()))).toEqual({ key: '42', id: ID });
  });

  it.each(['', '2025-03-05', `_${ID}`, `2025-3-5_${ID}`, `abc_${ID}`, `1234567890_${ID}`, `42_not-a-uuid`, `42_${ID}x`])(
    'finds %j malformed',
    (cursor) => expect(parseFoodsCursor(cursor)).toBeUndefined(),
  );

  it('accepts a cursor of the query’s own order and refuses one of the other order', () => {
    expect(FoodsQuery.safeParse({ sortByDate: 'dec', cursor: `2025-03-05_${ID}` }).success).toBe(true);
    expect(FoodsQuery.safeParse({ sortByQuantity: 'true', cursor: `42_${ID}` }).success).toBe(true);
    const wrong = FoodsQuery.safeParse({ sortByQuantity: 'true', cursor: `2025-03-05_${ID}` });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['cursor']);
    // `email=` lists are by date even with sortByQuantity.
    expect(FoodsQuery.safeParse({ sortByQuantity: 'true', email: 'a@b.example', cursor: `2025-03-05_${ID}` }).success).toBe(true);
  });
});
