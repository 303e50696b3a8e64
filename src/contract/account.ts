/**
 * The Account page's API: the signed-in user's sessions and the export
 * of their data (GDPR Art. 15/20). Instants are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { LOCALES } from './locales.js';
import { Food } from './foods.js';
import { HomeArea } from './places.js';
import { FoodRequest } from './requests.js';

/** One signed-in browser of the user. `UserAgent`/`IpAddress` are '' when unknown. */
export const AccountSession = z.object({
  _id: z.string(),
  UserAgent: z.string(),
  IpAddress: z.string(),
  CreatedAt: z.string(),
  /** Last time the session was used, to within 5 minutes. */
  LastActiveAt: z.string(),
  ExpiresAt: z.string(),
  /** True for the session that asks. */
  Current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** Answer of `GET /api/account/export`: everything Plateful keeps about the user. */
export const AccountExport = z.object({
  ExportedAt: z.string(),
  Profile: z.object({
    _id: z.string(),
    Name: z.string(),
    Email: z.string(),
    Image: z.string(),
    EmailVerified: z.boolean(),
    CreatedAt: z.string(),
  }),
  /** The saved home area of the Near search, or null. */
  HomeArea: HomeArea.nullable(),
  /** The language the user chose (`PUT /api/account/language`), or null. */
  Language: z.enum(LOCALES).nullable(),
  /** `password` and/or `google`. */
  SignInMethods: z.array(z.string()),
  Sessions: z.array(AccountSession),
  /** The user's listings, expired ones included. */
  Foods: z.array(Food),
  /** The requests the user made. */
  Requests: z.array(FoodRequest),
  /** The requests others made for the user's listings. */
  RequestsForMyFoods: z.array(FoodRequest),
});
export type AccountExport = z.infer<typeof AccountExport>;
