/**
 * Alerts (saved searches): `/api/alerts` (docs/api.md "Alerts"). A signed-in person
 * saves words, categories, diets, allergens to avoid and a place with a radius, and is
 * told (a notification of type `alert.match`) when a new listing matches.
 */
import { z } from 'zod';
import { noNul, oneLine } from './common.js';
import { ALERT_RADIUS_KM } from './limits.js';
import { LocationInput } from './places.js';
import { ALLERGENS, CATEGORIES, DIETS } from './taxonomy.js';

/** Alerts one person may keep at once. */
export const MAX_ALERTS_PER_PERSON = 20;
/** Radius of an alert, km: in `limits.ts`, which the web client reads without bundling zod. */
export { ALERT_RADIUS_KM };
/** Longest `Words` of an alert. */
export const ALERT_WORDS_MAX = 100;

const unique = <T extends z.ZodType<string>>(item: T) =>
  z.array(item).max(20).refine((a) => new Set(a).size === a.length, { error: 'must not repeat a value' });

/** The fields of `POST /alerts` and `PUT /alerts/{id}`; on `PUT` an absent field keeps the alert's. */
const ALERT_FIELDS = {
  /** Every word must appear in the listing's name (as `search=` of `GET /foods` finds it). */
  Words: z
    .string()
    .trim()
    .max(ALERT_WORDS_MAX, { error: `must be at most ${ALERT_WORDS_MAX} characters` })
    .refine(...noNul)
    .refine(...oneLine),
  /** Any of these categories (none: every category). */
  Categories: unique(z.enum(CATEGORIES)),
  /** All of these diet tags. */
  Diet: unique(z.enum(DIETS)),
  /** Known to be free of all of these (as `withoutAllergens=`). */
  WithoutAllergens: unique(z.enum(ALLERGENS)),
  /** The centre; absent on `POST`: the person's home area, else a 400 naming `Near`. */
  Near: LocationInput,
  RadiusKm: z
    .number({ error: 'must be a number of kilometres' })
    .min(ALERT_RADIUS_KM.min, { error: `must be at least ${ALERT_RADIUS_KM.min}` })
    .max(ALERT_RADIUS_KM.max, { error: `must be at most ${ALERT_RADIUS_KM.max}` }),
  /** Push to the person's devices (default true). */
  Push: z.boolean(),
  /** Mail (default false). */
  Email: z.boolean(),
  /** Paused by its owner: no matches until resumed (default false). */
  Paused: z.boolean(),
};

/** Body of `POST /alerts`. */
export const AlertInput = z.strictObject(ALERT_FIELDS).partial();
export type AlertInput = z.infer<typeof AlertInput>;

/** Body of `PUT /alerts/{id}`: the fields to change. */
export const AlertUpdate = AlertInput;
export type AlertUpdate = z.infer<typeof AlertUpdate>;

/**
 * An alert as its owner reads it. Besides `Paused`, an alert whose owner has not opened
 * the app for 30 days matches nothing until they do (docs/api.md "Alerts").
 */
export const Alert = z.object({
  _id: z.string(),
  Words: z.string(),
  Categories: z.array(z.enum(CATEGORIES)),
  Diet: z.array(z.enum(DIETS)),
  WithoutAllergens: z.array(z.enum(ALLERGENS)),
  Near: z.object({ Lat: z.number(), Lng: z.number() }),
  RadiusKm: z.number(),
  Push: z.boolean(),
  Email: z.boolean(),
  Paused: z.boolean(),
  CreatedAt: z.string(),
  LastMatchAt: z.string().nullable(),
});
export type Alert = z.infer<typeof Alert>;
