import { join } from 'node:path';
import type nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { isPlainEmailAddress } from '../../../shared/text.js';
import { withDeadline } from '../jobs/deadline.js';
import { writeOutboxFile } from './outbox-file.js';

export interface MailMessage {
  /** One plain address (`isPlainEmailAddress`); anything else is refused, never handed to nodemailer to read. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender as shown; the default is MAIL_FROM. */
  from?: string;
  headers?: Record<string, string>;
  /** Files the mail carries; one with a `cid` is an image the HTML part shows inline (`<img src="cid:…">`). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface Mailer {
  /** Mails it hands over at once (its SMTP connections); more wait in its queue, holding their content. */
  readonly concurrency: number;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  /** The longest one mail may take to hand over (or to write to the outbox). */
  timeoutMs: number;
  logger: Logger;
}

/** SMTP connections kept open at most (as many as the consumer messages' senders working at once). */
const SMTP_CONNECTIONS = 8;

/** Outbox files written at once. */
const OUTBOX_WRITES = 4;

/** A transport made at the first mail, not at start: nodemailer takes a tenth of a second to load. */
function transportAtFirstMail(create: (mailer: typeof nodemailer) => Transporter): {
  get: () => Promise<Transporter>;
  close: () => void;
} {
  let created: Transporter | undefined;
  let loading: Promise<Transporter> | undefined;
  return {
    get: () => (loading ??= import('nodemailer').then(({ default: mailer }) => (created = create(mailer)))),
    close: () => created?.close(),
  };
}

/**
 * The message as nodemailer takes it. The recipient goes as an address object: a string would be read again as an
 * address list (`a,b`, `x;y@…`, `name<other@…>`) and the mail could reach someone other than the address stored,
 * logged and masked. What is not one plain address is refused here, whatever a caller read it from; the code is
 * nodemailer's own for a recipient it cannot take, so the senders record it as a refused recipient.
 */
function mailOf(from: string, message: MailMessage): SendMailOptions {
  if (!isPlainEmailAddress(message.to)) {
    throw Object.assign(new Error('The recipient is not one plain e-mail address; nothing was sent'), {
      code: 'EENVELOPE',
    });
  }
  return { from, ...message, to: { name: '', address: message.to } };
}

/**
 * Sends through SMTP_URL when it is set; otherwise every message becomes an .eml file in the
 * outbox directory, where a developer (or a test) can open it.
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.logger.child({ component: 'mail' });
  if (options.smtpUrl) {
    // Pooled: a publication's thousands of mails reuse a few connections instead of one each.
    const smtpUrl = options.smtpUrl;
    // A server that accepts the connection and then says nothing fails the mail within the timeout (nodemailer's
    // own waits are minutes), so a send job never outlives its expiry; the queue tries the mail again later.
    const { timeoutMs } = options;
    const transport = transportAtFirstMail((mailer) =>
      mailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        maxMessages: 1000,
        connectionTimeout: Math.min(10_000, timeoutMs),
        greetingTimeout: Math.min(10_000, timeoutMs),
        socketTimeout: timeoutMs,
        dnsTimeout: Math.min(10_000, timeoutMs),
      }),
    );
    return {
      concurrency: SMTP_CONNECTIONS,
      async send(message) {
        // Each wait above is per step; this bounds the whole exchange (a server answering a byte at a time). At the
        // deadline the pool withdraws the mail: from its queue, or by closing the connection that carries it, so a
        // mail recorded as failed is not delivered late beside its retry, nor holds a connection fresh mails need.
        await withDeadline(
          (signal) => transport.get().then((smtp) => smtp.sendMail({ ...mailOf(options.from, message), signal })),
          timeoutMs,
          'the mail server',
        );
        log.info({ subject: message.subject }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const transport = transportAtFirstMail((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    concurrency: OUTBOX_WRITES,
    async send(message) {
      const writing = () =>
        transport
          .get()
          .then((stream) => stream.sendMail(mailOf(options.from, message)))
          .then((info) => writeOutboxFile(options.outboxDir, '.eml', info.message as Buffer));
      // A disk that hangs (a network mount) holds up no job beyond its expiry either.
      const name = await withDeadline(writing, options.timeoutMs, 'the outbox');
      log.info({ file: join(options.outboxDir, name), subject: message.subject }, 'mail written to the outbox');
    },
    close: transport.close,
  };
}
