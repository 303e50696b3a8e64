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

/**
 * Starts the SMTP server on `port` (0, the default, picks a free one); resolves once
 * it listens. `delayMs` makes it a slow relay: each mail is acknowledged that many
 * milliseconds after its data arrived.
 */
export async function startInbox(port = 0, opts: { delayMs?: number } = {}): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const delay = () => new Promise((r) => setTimeout(r, opts.delayMs ?? 0));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        async (mail) => {
          if (opts.delayMs) await delay();
          messages.push(mail);
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
