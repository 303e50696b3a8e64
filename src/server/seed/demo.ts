/**
 * Demo data (issue "Plateful runs end to end"): on a database with no listings,
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

  const donors: (typeof users.$inferSelect)[] = [];
  for (const d of DEMO_DONORS) {
    let [user] = await db.select().from(users).where(eq(users.email, d.email));
    if (!user) {
      // Made as Better Auth's sign-up makes a password account, but verified from the
      // start: demo addresses are ours, so no 'Please verify' banner (issue 13) and no
      // verification mail queued for an address nobody reads (issue 16).
      const ctx = await auth.$context;
      const created = await ctx.internalAdapter.createUser({ name: d.name, email: d.email, image: image(d.avatar), emailVerified: true }, { method: 'email-password' });
      await ctx.internalAdapter.linkAccount({
        userId: created.id,
        providerId: 'credential',
        accountId: created.id,
        password: await ctx.password.hash(d.password),
      });
      [user] = await db.select().from(users).where(eq(users.email, d.email));
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
