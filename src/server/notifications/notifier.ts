/**
 * What each event of a request tells whom, called inside the event's own
 * transaction so notification, push, mail and live event exist exactly when the
 * event does. The texts, links and channels are `NOTIFICATION_TEXTS` (texts.ts);
 * every notification leaves through `tell` (tell.ts).
 *
 * | event | notification to | push and mail (kind) |
 * |---|---|---|
 * | request.created | donor | NewRequests |
 * | request.delivered | requester | RequestUpdates |
 * | request.cancelled | donor | none |
 * | food.deleted | each requester with an open request | RequestUpdates |
 * | message.created | the other party | Messages; the mail only without an open stream, one per conversation per 15 min |
 * | request.accepted / request.declined / request.no_show | requester | RequestUpdates (an accepted `PickupAt`'s mail carries its .ics) |
 * | food.collected | each requester whose open request was declined because another got the food | RequestUpdates |
 * | food.expired | the donor and each requester with an open request | RequestUpdates |
 * | pickup.reminder | donor and accepted requester, 1 h before PickupAt (else the chosen time, else its window's start) | RequestUpdates |
 * | pickup.check | donor, 24 h after PickupAt (else the chosen time, else its window's end, else acceptance) | RequestUpdates |
 * | wanted.answered | the poster of a Wanted post a listing answered | RequestUpdates |
 * | wanted.match | the poster of an open Wanted post a new listing matches | none |
 *
 * Each notification names its actor, so repeats from one person fold into one
 * (repository.ts); a new-request push and mail wait `NEW_REQUEST_MAIL_DELAY_MS`
 * (config.ts) in the outbox and are dropped when the request is cancelled or
 * withdrawn meanwhile; one requester causes at most `NEW_REQUEST_MAILS_PER_DAY`
 * of them to one donor in 24 hours (throttles.ts). Every push one person causes to
 * another counts against `PUSHES_PER_SENDER_PER_DAY` (push/repository.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { requests, users } from '../db/schema/index.js';
import { wantsMail } from '../email-preferences/repository.js';
import { publish } from '../events/bus.js';
import { hasOpenStream } from '../events/presence.js';
import { dropQueued } from '../outbox/outbox.js';
import type { Locale } from '../../contract/index.js';
import type { MailAttachment } from '../mail/mailer.js';
import type { MailSettings } from './mails.js';
import { preview, teller } from './tell.js';
import { messageMailSlot, newRequestMailSlot, requestMailKey } from './throttles.js';

type RequestRow = typeof requests.$inferSelect;

/** The hooks repositories call inside their transactions. */
export interface Notifier {
  requestCreated(tx: Database, request: RequestRow): Promise<void>;
  requestDelivered(tx: Database, request: RequestRow): Promise<void>;
  requestCancelled(tx: Database, request: RequestRow): Promise<void>;
  /** `open`: the food's open (Pending or Accepted) requests, read before the delete. */
  foodDeleted(tx: Database, open: RequestRow[]): Promise<void>;
  /** `request` as accepted (its `pickupAt` and `acceptNote` set). */
  requestAccepted(tx: Database, request: RequestRow): Promise<void>;
  /** `request` as declined (its `declineReason` set when given). */
  requestDeclined(tx: Database, request: RequestRow): Promise<void>;
  requestNoShow(tx: Database, request: RequestRow): Promise<void>;
  /** `declined`, the other open requests of a food that was just collected. */
  foodCollected(tx: Database, declined: RequestRow[]): Promise<void>;
  /** From the expiry job: `food` expired; `open` its open requests. */
  foodExpired(tx: Database, food: { id: string; name: string; donorId: string }, open: RequestRow[]): Promise<void>;
  /** From the reminder job: 1 hour before the pickup of accepted `request` (beginning `at`), to both sides. */
  pickupReminder(tx: Database, request: RequestRow, at: Date): Promise<void>;
  /** From the reminder job: "Was it collected?" to the donor of accepted `request`. */
  pickupCheck(tx: Database, request: RequestRow): Promise<void>;
  messageCreated(tx: Database, request: RequestRow, message: { id: string; senderId: string; body: string }): Promise<void>;
  /** A donor answered `posterId`'s Wanted post with listing `foodId`, offered to the poster first until `offeredUntil`. */
  wantedAnswered(tx: Database, a: WantedEvent & { offeredUntil: Date }): Promise<void>;
  /** A new listing matches `posterId`'s open Wanted post. */
  wantedMatched(tx: Database, a: WantedEvent): Promise<void>;
}

/** A listing and the Wanted post it answers or matches. */
export interface WantedEvent {
  posterId: string;
  title: string;
  foodId: string;
  foodName: string;
  donorId: string;
  donorName: string;
}

/**
 * The calendar file (RFC 5545) of accepted request `request` as `viewerId` sees it, worded in
 * `locale`, made inside transaction `tx`; given by the app (calendar/), so this folder does not import it.
 */
export type PickupCalendar = (tx: Database, request: RequestRow, viewerId: string, locale: Locale) => Promise<MailAttachment | undefined>;

/** A pickup time, said in each reader's language (texts.ts); undefined without one. */
const pickupTime = (at: Date | null) => at ?? undefined;

/** The ids and names of request `r` that most texts use. */
const about = (r: RequestRow) => ({ ids: { foodId: r.foodId, requestId: r.id }, names: { foodName: r.foodName, donorName: r.donorName, requesterName: r.requesterName } });

/**
 * Makes the notifier; mails link to `settings.publicUrl` and sign unsubscribe links
 * with `settings.secret`; new-request pushes and mails wait `newRequestMailDelayMs`; the mail of an
 * acceptance with a `PickupAt` carries `settings.pickupCalendar`'s file for the requester.
 */
export function createNotifier(settings: MailSettings & { newRequestMailDelayMs: number; pickupCalendar?: PickupCalendar }): Notifier {
  const tell = teller(settings);
  /** Tells `r`'s requester what the donor did. */
  const byDonor = (r: RequestRow) => ({ actorId: r.donorId });

  return {
    async requestCreated(tx, r) {
      const { ids, names } = about(r);
      // The push follows the mail's rules: the same daily slot, the same grace period, dropped with it.
      const slot = await newRequestMailSlot(tx, r.requesterId, r.donorId);
      const queue = { delayMs: settings.newRequestMailDelayMs, dropKey: requestMailKey(r.id) };
      await tell(tx, 'request.created', r.donorId, ids, { ...names, notes: r.notes ?? undefined }, { actorId: r.requesterId, queue, push: slot, mail: slot });
    },

    async requestDelivered(tx, r) {
      const { ids, names } = about(r);
      await tell(tx, 'request.delivered', r.requesterId, ids, names, byDonor(r));
    },

    async requestCancelled(tx, r) {
      const { ids, names } = about(r);
      await dropQueued(tx, requestMailKey(r.id));
      await tell(tx, 'request.cancelled', r.donorId, ids, names, { actorId: r.requesterId });
    },

    async foodDeleted(tx, open) {
      for (const r of open) {
        const { ids, names } = about(r);
        await dropQueued(tx, requestMailKey(r.id));
        await tell(tx, 'food.deleted', r.requesterId, ids, names, byDonor(r));
      }
    },

    async requestAccepted(tx, r) {
      const { ids, names } = about(r);
      const params = { ...names, pickupTime: pickupTime(r.pickupAt), acceptNote: r.acceptNote ?? undefined };
      const calendar = settings.pickupCalendar;
      const attach = calendar && r.pickupAt ? async (locale: Locale) => [await calendar(tx, r, r.requesterId, locale)].filter((a) => a !== undefined) : undefined;
      await tell(tx, 'request.accepted', r.requesterId, ids, params, { ...byDonor(r), ...(attach ? { attach } : {}) });
    },

    async requestDeclined(tx, r) {
      const { ids, names } = about(r);
      await tell(tx, 'request.declined', r.requesterId, ids, { ...names, declineReason: r.declineReason ?? undefined }, byDonor(r));
    },

    async requestNoShow(tx, r) {
      const { ids, names } = about(r);
      await tell(tx, 'request.no_show', r.requesterId, ids, names, byDonor(r));
    },

    async foodCollected(tx, declined) {
      for (const r of declined) {
        const { ids, names } = about(r);
        await tell(tx, 'food.collected', r.requesterId, ids, names, byDonor(r));
      }
    },

    async foodExpired(tx, food, open) {
      const ids = { foodId: food.id, requestId: open[0]?.id ?? food.id };
      await tell(tx, 'food.expired.donor', food.donorId, ids, { foodName: food.name, openCount: open.length ? String(open.length) : undefined });
      for (const r of open) {
        const { ids, names } = about(r);
        await tell(tx, 'food.expired.requester', r.requesterId, ids, names, byDonor(r));
      }
    },

    async pickupReminder(tx, r, at) {
      const { ids, names } = about(r);
      const params = { ...names, pickupTime: at, pickupLocation: r.pickupLocation };
      await tell(tx, 'pickup.reminder.requester', r.requesterId, ids, params, byDonor(r));
      await tell(tx, 'pickup.reminder.donor', r.donorId, ids, params);
    },

    async pickupCheck(tx, r) {
      const { ids, names } = about(r);
      await tell(tx, 'pickup.check', r.donorId, ids, names);
    },

    async messageCreated(tx, r, m) {
      const { ids } = about(r);
      const toId = m.senderId === r.donorId ? r.requesterId : r.donorId;
      const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, m.senderId));
      const from = sender?.name ?? (m.senderId === r.donorId ? r.donorName : r.requesterName);
      // One push per message (the conversation's tag replaces the last one on the phone), open stream or not;
      // a mail only to a recipient without an open stream who wants it, once per slot (throttles.ts).
      const mail = !(await hasOpenStream(tx, toId)) && (await wantsMail(tx, toId, 'Messages')) && (await messageMailSlot(tx, r.id, toId));
      const params = { from, foodName: r.foodName, excerpt: preview(m.body), message: m.body };
      await tell(tx, 'message.created', toId, ids, params, { actorId: m.senderId, mail });
      await publish(tx, { kind: 'message', userIds: [r.donorId, r.requesterId], id: m.id });
    },

    async wantedAnswered(tx, a) {
      const params = { donorName: a.donorName, foodName: a.foodName, title: a.title, offeredUntil: a.offeredUntil };
      await tell(tx, 'wanted.answered', a.posterId, { foodId: a.foodId, requestId: '' }, params, { actorId: a.donorId });
    },

    async wantedMatched(tx, a) {
      const params = { donorName: a.donorName, foodName: a.foodName, title: a.title };
      await tell(tx, 'wanted.match', a.posterId, { foodId: a.foodId, requestId: '' }, params, { actorId: a.donorId });
    },
  };
}
