/** Impact figures: `GET /api/impact` (community) and `GET /api/impact/me`. */
import { z } from 'zod';

/** kg per item when a listing has no weight: OLIO's published per-item figure (from WRAP). */
export const KG_PER_ITEM = 0.325;
/** kg of food per meal (WRAP). */
export const KG_PER_MEAL = 0.42;
/** Default kg CO2e per kg of food saved (FAO 2013, as used by Too Good To Go); `IMPACT_CO2E_PER_KG` overrides it. */
export const DEFAULT_CO2E_PER_KG = 2.5;

/**
 * Completed shares (delivered requests), kg of food (1 decimal), meals (kg ÷ 0.42,
 * whole meals, rounded down) and kg CO2e (kg × `IMPACT_CO2E_PER_KG`, 1 decimal).
 * Every figure but `Shares` is an estimate; docs/architecture.md "Listings and requests" and the page name the sources.
 */
export const Impact = z.object({
  Shares: z.number().int(),
  Kg: z.number(),
  Meals: z.number().int(),
  Co2eKg: z.number(),
});
export type Impact = z.infer<typeof Impact>;
