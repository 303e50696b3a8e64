/** Place-lookup limits (the search radius and query lengths the web needs too are `PLACES` in the contract). */
import type { Limit } from '../http/limits.js';

/** `GET /api/places` and `/api/places/reverse`, per address (key `places:<ip>`). */
export const PLACES_LIMIT: Limit = { max: 60, windowSeconds: 60 };
