/**
 * Demo data (issue "Plateful runs end to end"): on a database with no listings,
 * creates three demo donors (password sign-in works for them) and a dozen
 * listings with expiry dates relative to today. Images are served by Plateful
 * itself at `/images/demo/…`, so the app looks right offline.
 */
import { count, eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema.js';
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
      [user] = await db.select().from(users).where(eq(users.email, d.email));
    }
    donors.push(user!);
  }

  const today = localToday();
  await db.insert(foods).values(
    DEMO_LISTINGS.map((l) => {
      const donor = donors[l.donor]!;
      return {
        name: l.name,
        imageUrl: image(l.image),
        quantity: l.quantity,
        pickupLocation: l.pickupLocation,
        expiresOn: addDays(today, l.expiresInDays),
        notes: l.notes,
        donorId: donor.id,
        donorName: donor.name,
        donorImage: donor.image ?? '',
        donorEmail: donor.email,
      };
    }),
  );
  return DEMO_LISTINGS.length;
}
