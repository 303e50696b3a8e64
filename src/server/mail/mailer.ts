/**
 * Outgoing mail (DESIGN.md "How it starts": SMTP_URL / MAIL_FROM). With SMTP_URL
 * set, mails go out through nodemailer; unset, the log is the mail transport.
 * A Fastify plugin owns the transport: opened at build, closed on `onClose`
 * (STYLE.md "Plugins own their resources"). Nothing but the outbox worker sends:
 * the rest of the server enqueues (src/server/outbox).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

/** A file attached to a mail (nodemailer's `attachments`): its name, MIME type and text. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One mail to one recipient. `text` is required; `html` is an optional alternative; `headers` extra MIME headers; `attachments` files. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** A stable id of this mail (the outbox row's): its Message-ID is `<key@MAIL_FROM's domain>`, the same on every attempt. */
  key?: string;
}

export interface Mailer {
  /** Sends `mail`. Rejects when the SMTP server refuses it or cannot be reached. */
  send(mail: Mail): Promise<void>;
  /** Releases the transport; later sends reject. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Makes the mailer for `config`: SMTP through nodemailer when `config.smtpUrl` is
 * set, otherwise one info-level log line per mail on `log`.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smtpTimeoutMs'>, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    let closed = false;
    return {
      async send(mail) {
        if (closed) throw new Error('mailer is closed');
        // No SMTP_URL: the log IS the mail transport (DESIGN.md), so the whole mail,
        // links and their tokens included, is written here on purpose. With SMTP_URL
        // set, only the recipient and subject are logged.
        log.info({ mail: { from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (SMTP_URL unset: logged instead of sent)');
      },
      async close() {
        closed = true;
      },
    };
  }
  // nodemailer is loaded only when SMTP_URL is set, not on every start (restart time).
  const smtpUrl = withTimeouts(config.smtpUrl, config.smtpTimeoutMs);
  const transport: Promise<Transporter> = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
  transport.catch(() => undefined); // a failure surfaces at the first send
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'plateful.local';
  return {
    async send({ key, ...mail }) {
      const info = await (await transport).sendMail({ from: config.mailFrom, ...mail, ...(key ? { messageId: `<${key}@${domain}>` } : {}) });
      log.info({ mail: { to: mail.to, subject: mail.subject, messageId: info.messageId } }, 'mail sent');
    },
    async close() {
      (await transport.catch(() => undefined))?.close();
    },
  };
}

/**
 * `url` with nodemailer's connection, greeting and socket timeouts set to `ms`
 * (SMTP_TIMEOUT_MS) unless the URL names them already: nodemailer reads
 * options from the query of an SMTP URL.
 */
function withTimeouts(url: string, ms: number): string {
  const u = new URL(url);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout', 'dnsTimeout']) {
    if (!u.searchParams.has(name)) u.searchParams.set(name, String(ms));
  }
  return u.toString();
}

/** Fastify plugin: decorates the app with `mailer` (or the one given) and closes it with the app. */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; mailer?: Mailer }) => {
    const mailer = opts.mailer ?? createMailer(opts.config, app.log.child({ module: 'mail' }));
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'plateful-mail' },
);
