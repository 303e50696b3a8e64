/**
 * What a Google sign-in found in a never-verified account it took over:
 * the listings and requests someone made there before the owner, held (hidden
 * from others) until the owner keeps (`POST /api/account/held/keep`) or deletes
 * (`DELETE /api/account/held`) them.
 */
import { z } from 'zod';
import { Food } from './foods.js';
import { FoodRequest } from './requests.js';

/** Answer of `GET /api/account/held`; both lists empty when nothing is held. */
export const HeldItems = z.object({
  Foods: z.array(Food),
  Requests: z.array(FoodRequest),
});
export type HeldItems = z.infer<typeof HeldItems>;
