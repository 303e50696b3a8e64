/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it accepts, for tests of
 * the mails the outbox sends (DESIGN.md "How it starts": SMTP_URL). Mails leave
 * the app after the request, so tests wait for them with `waitForMail`.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  /** Every accepted mail, oldest first. */
  messages: ParsedMail[];
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

/** How the test relay treats a mail whose data arrived. */
export interface InboxOptions {
  /** A slow relay: each mail is acknowledged that many milliseconds after its data arrived. */
  delayMs?: number;
  /** Per mail: milliseconds to wait before acknowledging it (overrides `delayMs`). */
  delayFor?: (mail: ParsedMail) => number;
  /** Runs after the data arrived and before the mail is acknowledged (e.g. make the database unreachable). */
  beforeAccept?: (mail: ParsedMail) => Promise<void> | void;
}

/**
 * Starts the SMTP server on `port` (0, the default, picks a free one); resolves once
 * it listens. A mail counts as accepted (kept in `messages`) only when its client is
 * still connected to hear the acknowledgement: a client that gave up first did not
 * hand it over (RFC 5321 §4.1.1.4: the mail is the relay's only once it answers 250).
 */
export async function startInbox(port = 0, opts: InboxOptions = {}): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, done) {
      simpleParser(stream).then(
        async (mail) => {
          const ms = opts.delayFor?.(mail) ?? opts.delayMs ?? 0;
          if (ms) await new Promise((r) => setTimeout(r, ms));
          await opts.beforeAccept?.(mail);
          if (!closed.has(session.id)) messages.push(mail);
          done();
        },
        (err: Error) => done(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return { messages, url: `smtp://127.0.0.1:${bound}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The first recipient's address of `mail`. */
export const recipient = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** The reset link (`…/reset-password?token=…`) in a mail's text part; throws when there is none. */
export function resetLinkOf(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
}

/**
 * Resolves with the first mail in `inbox` (oldest first) matching `match` (a
 * recipient address, or a predicate), waiting for it up to `timeoutMs`; rejects after.
 */
export async function waitForMail(
  inbox: Inbox,
  match: string | ((mail: ParsedMail) => boolean),
  timeoutMs = 10_000,
): Promise<ParsedMail> {
  const test = typeof match === 'string' ? (m: ParsedMail) => recipient(m) === match : match;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = inbox.messages.find(test);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching mail within ${timeoutMs} ms (inbox has ${inbox.messages.length})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
