/**
 * Telling an alert's owner about a listing it matched (docs/api.md "Alerts"), one small
 * transaction per alert with its row locked, through the notifications' `tell`:
 *
 * - once per alert and listing (`alert_matches`), so a task run again tells nobody twice;
 * - folded: while the alert's last notification is unread, a further match updates it
 *   ("3 new listings…", linking to the latest) and sends no push or mail;
 * - capped: at most `ALERT_MESSAGES_PER_DAY` new notifications per alert in 24 hours;
 * - push and mail as the alert's `Push` and `Email` say; the mail's RFC 8058
 *   unsubscribe link turns off this alert's mail only.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { teller } from '../notifications/tell.js';
import { notifications } from '../notifications/schema.js';
import { ALERT_MESSAGES_PER_DAY } from './limits.js';
import { alertMatches, alerts } from './schema.js';
import type { MatchableListing } from './matching.js';
import { alertUnsubscribeUrl } from './unsubscribe.js';

type Tell = ReturnType<typeof teller>;
type AlertRow = typeof alerts.$inferSelect;

/** What became of one match. */
export type MatchOutcome = 'told' | 'folded' | 'capped' | 'seen' | 'gone';

/** How an alert is named in its notification: its words, else its categories and diets, and the radius. */
export function alertName(a: Pick<AlertRow, 'words' | 'categories' | 'diet' | 'radiusKm'>): string {
  const what = a.words || [...a.categories, ...a.diet].join(', ') || '*';
  return `${what}, ${a.radiusKm} km`;
}

/** Tells the owner of alert `alertId` about `food` (see the module's comment); `settings` sign the unsubscribe link. */
export async function tellMatch(
  db: Database,
  tell: Tell,
  settings: { publicUrl: string; secret: string },
  alertId: string,
  food: MatchableListing,
): Promise<MatchOutcome> {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(alerts).where(eq(alerts.id, alertId)).for('update');
    if (!a || a.paused) return 'gone';
    const fresh = await tx.insert(alertMatches).values({ alertId, foodId: food.id }).onConflictDoNothing().returning({ id: alertMatches.alertId });
    if (!fresh.length) return 'seen';
    const ids = { foodId: food.id, alertId };
    const names = { foodName: food.name, alertName: alertName(a) };
    const [open] = a.noticeId
      ? await tx.select({ id: notifications.id }).from(notifications).where(sql`${notifications.id} = ${a.noticeId} and ${notifications.readAt} is null`)
      : [];
    if (open) {
      const count = a.noticeCount + 1;
      await tell(tx, 'alert.match.folded', a.userId, ids, { ...names, count: String(count) }, { foldInto: open.id, push: false, mail: false });
      await tx.update(alerts).set({ noticeCount: count, lastMatchAt: sql`now()` }).where(eq(alerts.id, alertId));
      return 'folded';
    }
    const [day] = await tx.select({ current: sql<boolean>`${alerts.dayStart} > now() - interval '24 hours'` }).from(alerts).where(eq(alerts.id, alertId));
    const used = day?.current ? a.dayCount : 0;
    if (used >= ALERT_MESSAGES_PER_DAY) {
      await tx.update(alerts).set({ lastMatchAt: sql`now()` }).where(eq(alerts.id, alertId));
      return 'capped';
    }
    const own = { push: a.push, mail: a.email, unsubscribeUrl: alertUnsubscribeUrl(settings.publicUrl, settings.secret, alertId), why: 'Alerts' as const };
    const noticeId = await tell(tx, 'alert.match', a.userId, ids, names, { own });
    await tx
      .update(alerts)
      .set({ noticeId, noticeCount: 1, lastMatchAt: sql`now()`, dayCount: used + 1, ...(day?.current ? {} : { dayStart: sql`now()` }) })
      .where(eq(alerts.id, alertId));
    return 'told';
  });
}
