/**
 * The requests the API fuzz test (fuzz.test.ts) generates with fast-check: every endpoint
 * of SPEC.md §7 and every actor (anonymous, owner, other, a stale cookie), random methods,
 * ids (live, deleted, unknown, malformed), query strings, bodies (arbitrary JSON, mutated
 * valid bodies, broken JSON), content types and Origin headers.
 */
import fc from 'fast-check';

/** The app's own origin, one of the generated Origin headers. */
const SELF = 'http://localhost:3000';

export type ActorName = 'anonymous' | 'owner' | 'other' | 'stale';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
export type IdSpec = { kind: 'food' | 'request' | 'dead' | 'unknown' | 'malformed'; n: number; text: string };
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'food'; drop: string[]; set: [string, unknown][] }
  | { kind: 'request'; id: IdSpec; set: [string, unknown][] }
  | { kind: 'status'; value: unknown }
  | { kind: 'email'; who: ActorName | 'random'; text: string }
  | { kind: 'raw'; text: string };

/** One generated request: who sends it, method, path template and id, query, body, content type and Origin. */
export interface Spec {
  actor: ActorName;
  method: Method;
  path: string; // template with {id}
  id: IdSpec;
  query: [string, string][];
  body: BodySpec;
  contentType: string | null;
  origin: string | null;
}

const FOOD_FIELDS = ['FoodName', 'FoodImage', 'FoodQuantity', 'PickupLocation', 'ExpiredDateTime', 'AdditionalNotes', 'Donator', '_id'];
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom("' OR 1=1 --", '%', '_', '\\', '%00', '\u0000', '../../etc/passwd', '<script>alert(1)</script>', 'javascript:alert(1)', 'Robert"); DROP TABLE foods;--', 'ʇsǝʇ', '🍎🍞', 'x'.repeat(1500)),
);
const idSpec: fc.Arbitrary<IdSpec> = fc.record({
  kind: fc.constantFrom('food', 'food', 'request', 'request', 'dead', 'unknown', 'malformed'),
  n: fc.nat(),
  text: fc.oneof(nastyString, fc.constantFrom('not-a-uuid', '1', '-1', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', '{}', 'null')),
});
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const bodySpec: fc.Arbitrary<BodySpec> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 4 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('food' as const),
      drop: fc.subarray(FOOD_FIELDS, { maxLength: 2 }),
      set: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FOOD_FIELDS), fc.string({ maxLength: 12 })), jsonish), { maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      id: idSpec,
      set: fc.array(fc.tuple(fc.constantFrom('AdditionalNotes', 'DonationMoney', 'Status', 'Requester', 'FoodId', 'extra'), jsonish), { maxLength: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('status' as const), value: fc.oneof(fc.constantFrom('Delivered', 'Pending', 'delivered'), jsonish) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('email' as const), who: fc.constantFrom<ActorName | 'random'>('owner', 'other', 'random'), text: nastyString }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"FoodName":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', '\u0000')) }) },
);
const ENDPOINTS: [Method, string][] = [
  ['GET', '/api/foods'],
  ['GET', '/api/foods/{id}'],
  ['POST', '/api/foods'],
  ['PUT', '/api/foods/{id}'],
  ['DELETE', '/api/foods/{id}'],
  ['POST', '/api/requests'],
  ['GET', '/api/requests'],
  ['GET', '/api/requests/{id}'],
  ['PATCH', '/api/requests/{id}'],
  ['DELETE', '/api/requests/{id}'],
  ['POST', '/api/jwt'],
  ['GET', '/api/logout'],
];
const QUERY_KEYS = ['sortByQuantity', 'sortByDate', 'search', 'email', 'limit', 'unknown', '__proto__', 'email[]'];
const queryValue = fc.oneof(
  nastyString,
  fc.constantFrom('true', 'false', 'acc', 'dec', '6', '0', '-1', '1e3', '1000', '1001', '99999999999999999999', '', '@owner', '@other'),
);
/** The body a well-behaved client sends to each endpoint, before any mutation. */
const MATCHED_BODY: Record<string, BodySpec['kind']> = {
  'POST /api/foods': 'food',
  'PUT /api/foods/{id}': 'food',
  'POST /api/requests': 'request',
  'PATCH /api/requests/{id}': 'status',
  'POST /api/jwt': 'email',
};
/** The query strings of SPEC.md §7 for each list endpoint. */
const MATCHED_QUERIES: Record<string, [string, string][][]> = {
  '/api/foods': [
    [['sortByQuantity', 'true'], ['limit', '6']],
    [['sortByDate', 'acc']],
    [['sortByDate', 'dec'], ['search', 'apple']],
    [['email', '@owner']],
    [['email', '@other']],
  ],
  '/api/requests': [[['email', '@owner']], [['email', '@other']]],
};
/**
 * Generated requests: two in three match an endpoint of SPEC.md §7 (its method, body kind,
 * query strings and kind of id), one in three of those mutated; the rest are random.
 */
export const spec: fc.Arbitrary<Spec> = fc
  .record({
    actor: fc.constantFrom<ActorName>('anonymous', 'owner', 'owner', 'other', 'other', 'stale'),
    endpoint: fc.constantFrom(...ENDPOINTS),
    randomMethod: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
    ),
    id: idSpec,
    matchedQuery: fc.nat(),
    query: fc.oneof(fc.constant([] as [string, string][]), fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { minLength: 1, maxLength: 4 })),
    matched: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    mutate: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    food: fc.record({
      drop: fc.subarray(FOOD_FIELDS, { minLength: 1, maxLength: 2 }),
      set: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FOOD_FIELDS), fc.string({ maxLength: 12 })), jsonish), { minLength: 1, maxLength: 2 }),
    }),
    request: fc.record({
      id: idSpec,
      set: fc.array(fc.tuple(fc.constantFrom('AdditionalNotes', 'DonationMoney', 'Status', 'Requester', 'FoodId', 'extra'), jsonish), { minLength: 1, maxLength: 2 }),
    }),
    status: fc.oneof(fc.constantFrom('Delivered', 'Pending', 'delivered'), jsonish),
    email: fc.record({ who: fc.constantFrom<ActorName | 'random'>('owner', 'other', 'random'), text: nastyString }),
    randomBody: bodySpec,
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zzz',
          'application/json; charset=utf-16',
          'application/json;charset=UTF-8',
          'application/problem+json',
          'application/xml',
          'garbage',
          '',
        ),
      },
    ),
    origin: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.constant(SELF) }, { weight: 1, arbitrary: fc.constant('https://evil.example.com') }),
  })
  .map((g): Spec => {
    const [method, path] = g.endpoint;
    const key = `${method} ${path}`;
    let body: BodySpec = g.randomBody;
    if (g.matched) {
      const kind = MATCHED_BODY[key];
      if (!kind) body = { kind: 'none' };
      else if (kind === 'food') body = { kind, drop: g.mutate ? g.food.drop : [], set: g.mutate ? g.food.set : [] };
      else if (kind === 'request') body = { kind, id: g.request.id, set: g.mutate ? g.request.set : [] };
      else if (kind === 'status') body = { kind, value: g.mutate ? g.status : 'Delivered' };
      else body = { kind: 'email', who: g.mutate ? g.email.who : g.actor === 'other' ? 'other' : 'owner', text: g.email.text };
    }
    // A well-behaved call names the right kind of row: a food for /foods/{id} and GET /requests/{foodId}.
    const idKind = path.startsWith('/api/foods') || (method === 'GET' && path === '/api/requests/{id}') ? 'food' : 'request';
    const id: IdSpec = g.matched && !g.mutate ? { ...g.id, kind: idKind } : g.id;
    if (body.kind === 'request' && !g.mutate) body = { ...body, id: { ...body.id, kind: 'food' } };
    const choices = MATCHED_QUERIES[path];
    const query = g.matched && choices ? [...choices[g.matchedQuery % choices.length]!, ...(g.mutate ? g.query : [])] : g.query;
    return { actor: g.actor, method: g.randomMethod ?? method, path, id, query, body, contentType: g.contentType, origin: g.origin };
  });
