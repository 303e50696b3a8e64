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
      await auth.api.signUpEmail({ body: { name: d.name, email: d.email, password: d.password, image: image(d.avatar) } });
      // Demo addresses are ours, so they count as verified: no 'Please verify' banner (issue 13).
      [user] = await db.update(users).set({ emailVerified: true }).where(eq(users.email, d.email)).returning();
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
