/**
 * What each event of a request tells whom, called inside the event's own
 * transaction so notification, mail and live event exist exactly when the event does:
 *
 * | event | notification to | mail (preference) |
 * |---|---|---|
 * | request.created | donor | NewRequests |
 * | request.delivered | requester | RequestUpdates |
 * | request.cancelled | donor | none |
 * | food.deleted | each requester with an open request | RequestUpdates |
 * | message.created | the other party | Messages, only without an open stream, one per conversation per 15 min |
 * | request.accepted / request.declined / request.no_show | requester | RequestUpdates |
 * | food.collected | each requester whose open request was declined because another got the food | RequestUpdates |
 * | food.expired | the donor and each requester with an open request | RequestUpdates |
 * | pickup.reminder | donor and accepted requester, 1 h before PickupAt | RequestUpdates |
 * | pickup.check | donor, 24 h after PickupAt (or acceptance) | RequestUpdates |
 *
 * Each notification names its actor, so
 * repeats from one person fold into one (repository.ts); a new-request mail waits
 * `NEW_REQUEST_MAIL_DELAY_MS` (config.ts) in the outbox and is dropped when the request is
 * cancelled or withdrawn meanwhile; one requester causes at most
 * `NEW_REQUEST_MAILS_PER_DAY` new-request mails to one donor in 24 hours.
 *
 * Each type that mails also pushes to every device of the recipient whose
 * push switch of the same kind is on: `{Title, Body, Link, Tag}` with the TTL of
 * `PUSH_DELIVERY` (a tag per request or conversation, so a newer push replaces an older one).
 * A new-request push shares its mail's daily slot and grace period (and is dropped with
 * it); every push one person causes to another counts against `PUSHES_PER_SENDER_PER_DAY`.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { EmailPreferenceKey } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { messageMails, newRequestMails } from './schema.js';
import { requests, users } from '../db/schema/index.js';
import { wantsMail } from '../email-preferences/repository.js';
import { publish } from '../events/bus.js';
import { hasOpenStream } from '../events/presence.js';
import { dropQueued, enqueueMail, type EnqueueOptions } from '../outbox/outbox.js';
import { enqueuePushes } from '../push/repository.js';
import type { PushJob } from '../outbox/schema.js';
import { notificationMail, type MailSettings } from './mails.js';
import { addNotification } from './repository.js';

type RequestRow = typeof requests.$inferSelect;

/** Minutes between two message mails of one conversation to one person. */
export const MESSAGE_MAIL_GAP_MINUTES = 15;
/** New-request mails one requester may cause to one donor in 24 hours. */
export const NEW_REQUEST_MAILS_PER_DAY = 3;
/** The outbox drop key of a request's new-request mail. */
const requestMailKey = (requestId: string) => `request:${requestId}`;
/** Characters of a message shown in its notification. */
const PREVIEW = 140;

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
  /** From the reminder job: 1 hour before the pickup of accepted `request`, to both sides. */
  pickupReminder(tx: Database, request: RequestRow): Promise<void>;
  /** From the reminder job: "Was it collected?" to the donor of accepted `request`. */
  pickupCheck(tx: Database, request: RequestRow): Promise<void>;
  messageCreated(tx: Database, request: RequestRow, message: { id: string; senderId: string; body: string }): Promise<void>;
}

/** A pickup time as mails and notifications show it, in the server's time zone. */
const pickupTime = (at: Date) => dayjs(at).format('D MMMM YYYY, h:mm a');

/**
 * How long a push service keeps an undelivered push (seconds) and how urgent it is,
 * per notification type: a request or message is worth a phone buzz within hours,
 * an outcome a day later is still news.
 */
export const PUSH_DELIVERY = {
  'request.created': { ttl: 24 * 3600, urgency: 'normal' },
  'request.delivered': { ttl: 24 * 3600, urgency: 'low' },
  'food.deleted': { ttl: 12 * 3600, urgency: 'normal' },
  'message.created': { ttl: 4 * 3600, urgency: 'high' },
  'request.accepted': { ttl: 24 * 3600, urgency: 'normal' },
  'request.declined': { ttl: 24 * 3600, urgency: 'low' },
  'request.no_show': { ttl: 24 * 3600, urgency: 'low' },
  'food.collected': { ttl: 24 * 3600, urgency: 'low' },
  'food.expired': { ttl: 24 * 3600, urgency: 'low' },
  'pickup.reminder': { ttl: 3600, urgency: 'high' },
  'pickup.check': { ttl: 24 * 3600, urgency: 'normal' },
} as const satisfies Record<string, Pick<PushJob, 'ttl' | 'urgency'>>;

const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/**
 * Makes the notifier; mails link to `settings.publicUrl` and sign unsubscribe links
 * with `settings.secret`; new-request mails wait `newRequestMailDelayMs`.
 */
export function createNotifier(settings: MailSettings & { newRequestMailDelayMs: number }): Notifier {
  /** Mails `userId` (current name and address) when their preference `key` allows. */
  async function mail(
    tx: Database,
    userId: string,
    key: EmailPreferenceKey,
    m: { subject: string; paragraphs: string[]; path: string; action: string },
    queue: EnqueueOptions = {},
  ): Promise<void> {
    if (!(await wantsMail(tx, userId, key))) return;
    const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await enqueueMail(tx, notificationMail(settings, { ...m, to: user.email, name: user.name, userId, key }), queue);
  }

  /** Takes one of today's new-request mail slots of `requesterId` at `donorId`; false when none is left. */
  async function newRequestMailSlot(tx: Database, requesterId: string, donorId: string): Promise<boolean> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(newRequestMails)
      .where(
        and(
          eq(newRequestMails.donorId, donorId),
          eq(newRequestMails.requesterId, requesterId),
          gt(newRequestMails.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    if ((row?.n ?? 0) >= NEW_REQUEST_MAILS_PER_DAY) return false;
    await tx.insert(newRequestMails).values({ requesterId, donorId });
    return true;
  }

  /** A notification, push and mail (RequestUpdates) to `userId` about request `requestId`, linking to `path`. */
  async function tell(
    tx: Database,
    userId: string,
    n: { type: keyof typeof PUSH_DELIVERY; title: string; body: string; path: string; action: string; requestId: string; actorId?: string },
  ) {
    await addNotification(tx, { userId, type: n.type, title: n.title, body: n.body, link: n.path, ...(n.actorId ? { actorId: n.actorId } : {}) });
    const push = { Title: n.title, Body: preview(n.body), Link: n.path, Tag: `request-${n.requestId}` };
    await enqueuePushes(tx, userId, 'RequestUpdates', push, PUSH_DELIVERY[n.type], { actorId: n.actorId });
    await mail(tx, userId, 'RequestUpdates', { subject: n.title, paragraphs: [n.body], path: n.path, action: n.action }, n.actorId ? { actorId: n.actorId } : {});
  }

  /** {@link tell} `r`'s requester, linking to My Food Request. */
  async function toRequester(tx: Database, r: RequestRow, type: keyof typeof PUSH_DELIVERY, title: string, body: string, action: string) {
    await tell(tx, r.requesterId, { type, title, body, path: '/my-food-request', action, requestId: r.id, actorId: r.donorId });
  }

  return {
    async requestCreated(tx, r) {
      const title = `New request for ${r.foodName}`;
      const body = `${r.requesterName} requested ${r.foodName}.${r.notes ? ` Notes: ${r.notes}` : ''}`;
      const path = `/manage-food/${r.foodId}`;
      await addNotification(tx, { userId: r.donorId, type: 'request.created', title, body, link: path, actorId: r.requesterId });
      // The push follows the mail's rules: the same daily slot, the same grace period, dropped with it.
      if (!(await newRequestMailSlot(tx, r.requesterId, r.donorId))) return;
      const queue = { delayMs: settings.newRequestMailDelayMs, dropKey: requestMailKey(r.id), actorId: r.requesterId };
      const push = { Title: title, Body: preview(body), Link: path, Tag: `request-${r.id}` };
      await enqueuePushes(tx, r.donorId, 'NewRequests', push, PUSH_DELIVERY['request.created'], queue);
      await mail(tx, r.donorId, 'NewRequests', { subject: title, paragraphs: [body], path, action: 'See the requests' }, queue);
    },

    async requestDelivered(tx, r) {
      const title = `${r.foodName} was delivered`;
      const body = `${r.donorName} marked your request for ${r.foodName} as delivered.`;
      // The conversation, where the feedback on the hand-over is given.
      const path = `/requests/${r.id}`;
      await addNotification(tx, { userId: r.requesterId, type: 'request.delivered', title, body, link: path, actorId: r.donorId });
      const push = { Title: title, Body: body, Link: path, Tag: `request-${r.id}` };
      await enqueuePushes(tx, r.requesterId, 'RequestUpdates', push, PUSH_DELIVERY['request.delivered'], { actorId: r.donorId });
      await mail(tx, r.requesterId, 'RequestUpdates', { subject: title, paragraphs: [body], path, action: 'See your requests' }, { actorId: r.donorId });
    },

    async requestCancelled(tx, r) {
      const body = `${r.requesterName} cancelled their request for ${r.foodName}.`;
      await dropQueued(tx, requestMailKey(r.id));
      await addNotification(tx, {
        actorId: r.requesterId,
        userId: r.donorId,
        type: 'request.cancelled',
        title: `Request for ${r.foodName} cancelled`,
        body,
        link: `/manage-food/${r.foodId}`,
      });
    },

    async foodDeleted(tx, open) {
      for (const r of open) {
        const title = `${r.foodName} is no longer available`;
        const body = `${r.donorName} removed ${r.foodName}, so your request was withdrawn.`;
        const path = '/available-foods';
        await dropQueued(tx, requestMailKey(r.id));
        await addNotification(tx, { userId: r.requesterId, type: 'food.deleted', title, body, link: path, actorId: r.donorId });
        const push = { Title: title, Body: body, Link: path, Tag: `request-${r.id}` };
        await enqueuePushes(tx, r.requesterId, 'RequestUpdates', push, PUSH_DELIVERY['food.deleted'], { actorId: r.donorId });
        await mail(tx, r.requesterId, 'RequestUpdates', { subject: title, paragraphs: [body], path, action: 'Find other food' }, { actorId: r.donorId });
      }
    },

    async requestAccepted(tx, r) {
      const title = `Your request for ${r.foodName} was accepted`;
      const body = [
        `${r.donorName} accepted your request for ${r.foodName}.`,
        r.pickupAt ? `Pickup: ${pickupTime(r.pickupAt)}.` : '',
        r.acceptNote ? `Note: ${r.acceptNote}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      await toRequester(tx, r, 'request.accepted', title, body, 'See your requests');
    },

    async requestDeclined(tx, r) {
      const title = `Your request for ${r.foodName} was declined`;
      const body = `${r.donorName} declined your request for ${r.foodName}.${r.declineReason ? ` Reason: ${r.declineReason}` : ''}`;
      await toRequester(tx, r, 'request.declined', title, body, 'See your requests');
    },

    async requestNoShow(tx, r) {
      const title = `${r.foodName} was not collected`;
      const body = `${r.donorName} marked your accepted request for ${r.foodName} as not collected.`;
      await toRequester(tx, r, 'request.no_show', title, body, 'See your requests');
    },

    async foodCollected(tx, declined) {
      for (const r of declined) {
        const title = `${r.foodName} has been collected`;
        const body = `${r.donorName} gave ${r.foodName} to another neighbour, so your request was declined.`;
        await toRequester(tx, r, 'food.collected', title, body, 'See your requests');
      }
    },

    async foodExpired(tx, food, open) {
      const [first] = open;
      await tell(tx, food.donorId, {
        type: 'food.expired',
        title: `${food.name} has expired`,
        body: `${food.name} passed its expiry date and left the public lists.${open.length ? ` ${open.length} open request(s) were waiting.` : ''}`,
        path: `/manage-food/${food.id}`,
        action: 'See your listing',
        requestId: first?.id ?? food.id,
      });
      for (const r of open) {
        await toRequester(tx, r, 'food.expired', `${r.foodName} has expired`, `${r.foodName} passed its expiry date before it was handed over.`, 'Find other food');
      }
    },

    async pickupReminder(tx, r) {
      const when = r.pickupAt ? pickupTime(r.pickupAt) : '';
      const title = `Pickup of ${r.foodName} in one hour`;
      await toRequester(tx, r, 'pickup.reminder', title, `Reminder: you pick up ${r.foodName} from ${r.donorName} at ${when}, ${r.pickupLocation}.`, 'See your requests');
      await tell(tx, r.donorId, {
        type: 'pickup.reminder',
        title,
        body: `Reminder: ${r.requesterName} picks up ${r.foodName} at ${when}.`,
        path: `/manage-food/${r.foodId}`,
        action: 'See the requests',
        requestId: r.id,
      });
    },

    async pickupCheck(tx, r) {
      await tell(tx, r.donorId, {
        type: 'pickup.check',
        title: `Was ${r.foodName} collected?`,
        body: `Did ${r.requesterName} collect ${r.foodName}? Mark the request 'Delivered' or 'No-show' on its Manage Food page.`,
        path: `/manage-food/${r.foodId}`,
        action: 'Mark it delivered or no-show',
        requestId: r.id,
      });
    },

    async messageCreated(tx, r, m) {
      const toId = m.senderId === r.donorId ? r.requesterId : r.donorId;
      const senderName = m.senderId === r.donorId ? r.donorName : r.requesterName;
      const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, m.senderId));
      const from = sender?.name ?? senderName;
      const path = `/requests/${r.id}`;
      const title = `New message from ${from}`;
      await addNotification(tx, { userId: toId, type: 'message.created', title, body: preview(m.body), link: path, actorId: m.senderId });
      await publish(tx, { kind: 'message', userIds: [r.donorId, r.requesterId], id: m.id });
      // One push per message (the conversation's tag replaces the last one on the phone), open stream or not.
      const push = { Title: title, Body: preview(m.body), Link: path, Tag: `conversation-${r.id}` };
      await enqueuePushes(tx, toId, 'Messages', push, PUSH_DELIVERY['message.created'], { actorId: m.senderId });
      if ((await hasOpenStream(tx, toId)) || !(await wantsMail(tx, toId, 'Messages'))) return;
      // Claims this conversation's mail slot: no row comes back while the last mail is under 15 minutes old.
      const slot = await tx
        .insert(messageMails)
        .values({ requestId: r.id, userId: toId })
        .onConflictDoUpdate({
          target: [messageMails.requestId, messageMails.userId],
          set: { sentAt: sql`now()` },
          setWhere: sql`${messageMails.sentAt} <= now() - make_interval(mins => ${MESSAGE_MAIL_GAP_MINUTES})`,
        })
        .returning({ requestId: messageMails.requestId });
      if (!slot.length) return;
      await mail(tx, toId, 'Messages', {
        subject: `${title} about ${r.foodName}`,
        paragraphs: [`${from} wrote about ${r.foodName}:`, m.body],
        path,
        action: 'Reply in Plateful',
      }, { actorId: m.senderId });
    },
  };
}
