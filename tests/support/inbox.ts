/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it accepts, for tests of
 * the password-reset mail (DESIGN.md "How it starts": SMTP_URL).
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

/** Starts the SMTP server on `port` (0, the default, picks a free one); resolves once it listens. */
export async function startInbox(port = 0): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
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
