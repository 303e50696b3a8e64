/** The conversation of a request: `/api/requests/{requestId}/messages`. */
import { z } from 'zod';
import { Id, LIMITS, multiLine, noNul } from './common.js';

/** Longest message, characters after trimming (`LIMITS.message`). */
export const MESSAGE_MAX = LIMITS.message;

/** Route parameter `{requestId}`. */
export const RequestIdParams = z.object({ requestId: Id });

/** Body of `POST /requests/{requestId}/messages`: 1–2000 characters after trimming. */
export const MessageInput = z.strictObject({
  Body: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(MESSAGE_MAX, { error: `must be at most ${MESSAGE_MAX} characters` })
    .refine(...noNul)
    .refine(...multiLine),
});
export type MessageInput = z.input<typeof MessageInput>;

/** A message as the API answers it; `Mine` is true for the signed-in user's own; `SentAt` an ISO 8601 UTC instant. */
export const Message = z.object({
  _id: z.string(),
  RequestId: z.string(),
  /** `_id`: the sender's user id (to report or block them). */
  Sender: z.object({ Name: z.string(), Image: z.string(), _id: z.string().optional() }),
  Mine: z.boolean(),
  Body: z.string(),
  SentAt: z.string(),
  /** Removed by a moderator; `Body` then reads "This message was removed by a moderator". */
  Removed: z.literal(true).optional(),
});
export type Message = z.infer<typeof Message>;

/**
 * What a conversation is about (`GET /requests/{requestId}/conversation`, donor and
 * requester only): the food, the request's status, which side the signed-in user is
 * (`You`) and the other person (`With`, their name and photo as copied into the request).
 */
export const Conversation = z.object({
  RequestId: z.string(),
  FoodId: z.string(),
  FoodName: z.string(),
  Status: z.string(),
  You: z.enum(['Donor', 'Requester']),
  With: z.object({ _id: z.string(), Name: z.string(), Image: z.string() }),
});
export type Conversation = z.infer<typeof Conversation>;
