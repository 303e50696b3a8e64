/**
 * Impact arithmetic: how many kg a delivery counts, and the figures
 * answered from running totals. Pure functions; the sources are in `contract/impact.ts`.
 */
import { KG_PER_ITEM, KG_PER_MEAL, type Impact } from '../../contract/index.js';

/**
 * kg a delivery of `given` items of a listing of `quantity` items counts: its share of
 * the listing's `weightKg` when the donor gave one, else `given` × 0.325 kg (OLIO/WRAP).
 * Rounded to grams.
 */
export function deliveredKg(listing: { quantity: number; weightKg: number | null }, given: number): number {
  const kg = listing.weightKg === null ? given * KG_PER_ITEM : (listing.weightKg * given) / listing.quantity;
  return Math.round(kg * 1000) / 1000;
}

/**
 * The answer of `/api/impact` from totals `shares` and `kg`: kg and CO2e to one decimal,
 * meals whole and rounded down (no meal is claimed that was not saved).
 * @param co2ePerKg `IMPACT_CO2E_PER_KG`.
 */
export function impactFigures(shares: number, kg: number, co2ePerKg: number): Impact {
  const oneDecimal = (n: number) => Math.round(n * 10) / 10;
  return { Shares: shares, Kg: oneDecimal(kg), Meals: Math.floor(kg / KG_PER_MEAL + 1e-9), Co2eKg: oneDecimal(kg * co2ePerKg) };
}
