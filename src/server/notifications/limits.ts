/** The notifications' own limits: message previews, mail throttles (throttles.ts) and push delivery. */
import type { NotificationType } from '../../contract/index.js';
import type { PushJob } from '../outbox/schema.js';

/** Characters of a message shown in its notification and of any text in a push. */
export const PREVIEW_CHARS = 140;
/** Minutes between two message mails of one conversation to one person. */
export const MESSAGE_MAIL_GAP_MINUTES = 15;
/** New-request mails (and pushes) one requester may cause to one donor in 24 hours. */
export const NEW_REQUEST_MAILS_PER_DAY = 3;

/**
 * How long a push service keeps an undelivered push (seconds) and how urgent it is
 * (RFC 8030 §5.2, §5.3), per notification type: a request or message is worth a
 * phone buzz within hours, an outcome a day later is still news. Types that never push have none.
 */
export const PUSH_DELIVERY: Partial<Record<NotificationType, Pick<PushJob, 'ttl' | 'urgency'>>> = {
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
  'alert.match': { ttl: 12 * 3600, urgency: 'low' },
  'wanted.answered': { ttl: 2 * 3600, urgency: 'high' },
};
