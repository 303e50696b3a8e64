/** Session sync calls of SPEC.md §4/§7 (`POST /jwt`, `GET /logout`) and problem documents. */
import { z } from 'zod';

/** Body of `POST /jwt`: the email the client believes is signed in. */
export const JwtInput = z.strictObject({ email: z.string().trim().min(1).max(254) });
export type JwtInput = z.infer<typeof JwtInput>;

/** Answer of `POST /jwt` and `GET /logout`. */
export const SessionSyncResult = z.object({ success: z.boolean() });
export type SessionSyncResult = z.infer<typeof SessionSyncResult>;

/** RFC 9457 problem document, the one error shape of the API. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** A stable machine code of the error (docs/api.md "Errors"), for clients that show their own words; `detail` stays English. */
  code: z.string().optional(),
  /** Field errors; `code` is the validator's (zod's issue code, e.g. `too_small`). */
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional() })).optional(),
});
export type Problem = z.infer<typeof Problem>;
