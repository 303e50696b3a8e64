/**
 * Demo data: on a database with no listings,
 * creates three demo donors (password sign-in works for them) and a dozen
 * listings with expiry dates relative to today. Images are served by Plateful
 * itself at `/images/demo/…`, so the app looks right offline.
 */
import { count, eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema/index.js';
import { createFood } from '../foods/repository.js';
import { addDays, localToday } from '../lib/dates.js';
import { DEMO_DONORS, DEMO_LISTINGS } from './listings.js';

/**
 * Loads the demo data when the `foods` table is empty.
 * @param publicUrl origin the image URLs are built on, e.g. `http://localhost:3000`.
 * @returns the number of listings inserted (0 when the database already had some).
 */
export async function seedDemoData(db: Database, auth: Auth, publicUrl: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(foods);
  if (n > 0) return 0;
  const image = (file: string) => `${publicUrl}/images/demo/${file}`;

  // Better Auth's own user and credential records, without a sign-up's session and
  // verification mail; each distinct password is hashed once (scrypt is most of a first
  // start's seeding time).
  const ctx = await auth.$context;
  const hashes = new Map<string, Promise<string>>();
  const hash = (password: string) => hashes.get(password) ?? hashes.set(password, ctx.password.hash(password)).get(password)!;
  const donors: (typeof users.$inferSelect)[] = [];
  for (const d of DEMO_DONORS) {
    let [user] = await db.select().from(users).where(eq(users.email, d.email));
    if (!user) {
      // Demo addresses are ours, so they count as verified: no 'Please verify' banner.
      const created = await ctx.internalAdapter.createUser({ name: d.name, email: d.email, image: image(d.avatar), emailVerified: true }, { method: 'email-password' });
      await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: await hash(d.password) });
      [user] = await db.select().from(users).where(eq(users.id, created.id));
    }
    donors.push(user!);
  }

  const today = localToday();
  // Through the API's own insert, so demo listings are made as a donor's are; one transaction.
  await db.transaction(async (tx) => {
    for (const l of DEMO_LISTINGS) {
      const donor = donors[l.donor]!;
      await createFood(
        tx,
        {
          FoodName: l.name,
          FoodImage: image(l.image),
          FoodQuantity: l.quantity,
          PickupLocation: l.pickupLocation,
          ExpiredDateTime: addDays(today, l.expiresInDays),
          AdditionalNotes: l.notes,
        },
        { id: donor.id, name: donor.name, email: donor.email, image: donor.image ?? '' },
      );
    }
  });
  return DEMO_LISTINGS.length;
}
