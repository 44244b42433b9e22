import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it accepts, parsed. */
export interface LocalSmtp {
  port: number;
  url: string;
  mails: ParsedMail[];
  /** Mails accepted, also when they are only counted. */
  received(): number;
  /** How many accepted mails each recipient got (kept also when the mails are only counted). */
  recipients(): ReadonlyMap<string, number>;
  /** The answers held back by `stallRecipient`, each with what became of it so far. */
  stalls(): readonly StalledAnswer[];
  close(): Promise<void>;
}

/** An answer to RCPT TO held back: `abandoned` when the client hung up before it came, `answered` once it came. */
export interface StalledAnswer {
  recipient: string;
  outcome: 'waiting' | 'abandoned' | 'answered';
}

export interface LocalSmtpOptions {
  /** Recipients refused for now (450, naming the address, as real servers do). */
  refuseRecipient?: (address: string) => boolean;
  /** Recipients refused for good (550: no such mailbox, naming the address). */
  rejectRecipient?: (address: string) => boolean;
  /** Count the mails without parsing or keeping them (a benchmark's thousands). */
  countOnly?: boolean;
  /**
   * The first RCPT TO of each of these recipients is answered `ms` late, the wait filled with a line of a
   * multi-line reply every few hundred milliseconds: a server that keeps its client busy, so no socket timeout of the
   * client ends the wait; only the client's own deadline does. The answer then is the server's own.
   */
  stallRecipient?: { to: (address: string) => boolean; ms: number };
}

/** How often a held-back answer sends a line: well within any socket timeout of a client. */
const STALL_LINE_EVERY_MS = 200;

export async function startLocalSmtp(port = 0, options: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const mails: ParsedMail[] = [];
  let received = 0;
  const recipients = new Map<string, number>();
  const tally = (session: { envelope: { rcptTo: { address: string }[] } }) => {
    for (const { address } of session.envelope.rcptTo) recipients.set(address, (recipients.get(address) ?? 0) + 1);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        return callback(Object.assign(new Error(`<${address.address}>: mailbox unavailable`), { responseCode: 550 }));
      }
      if (!options.refuseRecipient?.(address.address)) return callback();
      callback(Object.assign(new Error(`<${address.address}>: mailbox busy, try again later`), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      if (options.countOnly) {
        stream.on('end', () => {
          received += 1;
          tally(session);
          callback();
        });
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received += 1;
          tally(session);
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const stalls: StalledAnswer[] = [];
  const front = options.stallRecipient ? await startStallingFront(address.port, options.stallRecipient, stalls) : null;
  const reachedAt = front?.port ?? address.port;
  return {
    port: reachedAt,
    url: `smtp://127.0.0.1:${reachedAt}`,
    mails,
    received: () => received,
    recipients: () => recipients,
    stalls: () => stalls,
    close: async () => {
      await front?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A relay in front of the SMTP server that passes every byte both ways, except that it holds back the server's
 * answer to the first RCPT TO of a chosen recipient (see `stallRecipient`). A client that hangs up meanwhile ends
 * the server's session there, before DATA: the server never has the mail.
 */
async function startStallingFront(
  serverPort: number,
  stall: NonNullable<LocalSmtpOptions['stallRecipient']>,
  stalls: StalledAnswer[],
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const front = createNetServer((client) => {
    const upstream = connect(serverPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    let held: Buffer[] | null = null;
    let stalled: StalledAnswer | null = null;
    let timers: NodeJS.Timeout[] = [];
    // Clears the interval of the lines as well as the answer's timeout (Node's timers share one kind).
    const endStall = () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers = [];
    };
    upstream.on('data', (chunk: Buffer) => {
      if (held) held.push(chunk);
      else client.write(chunk);
    });
    // Commands are read line by line (the body of DATA is not): latin1 keeps every byte one character.
    let pending = '';
    let inData = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') inData = false;
          continue;
        }
        if (/^DATA$/i.test(line)) inData = true;
        const recipient = /^RCPT TO:\s*<([^>]*)>/i.exec(line)?.[1];
        if (recipient === undefined || held || !stall.to(recipient)) continue;
        if (stalls.some((earlier) => earlier.recipient === recipient)) continue;
        const answer: StalledAnswer = { recipient, outcome: 'waiting' };
        stalled = answer;
        stalls.push(answer);
        held = [];
        timers.push(
          setInterval(() => client.write('250-still checking the recipient\r\n'), STALL_LINE_EVERY_MS),
          setTimeout(() => {
            endStall();
            const reply = held ?? [];
            held = null;
            answer.outcome = 'answered';
            for (const part of reply) client.write(part);
          }, stall.ms),
        );
      }
    });
    client.on('close', () => {
      if (held && stalled) stalled.outcome = 'abandoned';
      endStall();
      upstream.destroy();
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (front.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => front.close(() => resolve()));
    },
  };
}

/** One text message as the stand-in received it (Twilio's form fields). */
export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** When it arrived (`Date.now()`). */
  receivedAt: number;
}

/**
 * A local stand-in for Twilio's Messages REST API: POST /2010-04-01/Accounts/{Sid}/Messages.json,
 * form-encoded, HTTP basic auth with the account SID and auth token, answered with Twilio's JSON.
 */
export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  messages: ReceivedSms[];
  /** Delivers a text message a consumer sent to our number to the application's webhook, as Twilio does. */
  sendInbound(message: InboundSmsDelivery): Promise<InboundSmsResponse>;
  close(): Promise<void>;
}

/** A text message sent to our number, and how Twilio delivers it. */
export interface InboundSmsDelivery {
  /** Where the request goes: the server's own address and the webhook's path. */
  url: string;
  /** The address configured at Twilio, which it signs (the public one in front of a balancer); default `url`. */
  signedUrl?: string;
  from: string;
  body: string;
  /** Our number; default the number the server sends from in `twilioEnv`. */
  to?: string;
  /** Default a new id: give the same one again to deliver a retry. */
  messageSid?: string;
  /** `null`: no signature header; a string: this header instead of the right one. */
  signature?: string | null;
  /** Signed with another auth token (a request not from our account). */
  authToken?: string;
  /** The form as sent, rewritten after signing (bad input): e.g. its encoding of a character by bytes that are no UTF-8. */
  rewriteBody?: (encoded: string) => string | Buffer;
  contentType?: string;
}

export interface InboundSmsResponse {
  status: number;
  contentType: string | null;
  text: string;
  messageSid: string;
}

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/security#validating-requests): HMAC-SHA1 with the
 * auth token over the full URL followed by each POST field's name and value, sorted by name; base64. Written out
 * here, not taken from the SDK the server checks with, so the two can disagree.
 */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The fields Twilio posts for an incoming text message (https://www.twilio.com/docs/messaging/guides/webhook-request). */
function inboundFields(accountSid: string, messageSid: string, from: string, to: string, body: string) {
  const countryOf = (number: string) => (number.startsWith('+32') ? 'BE' : 'NL');
  return {
    ToCountry: countryOf(to),
    ToState: '',
    SmsMessageSid: messageSid,
    NumMedia: '0',
    ToCity: '',
    FromZip: '',
    SmsSid: messageSid,
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: body,
    FromCountry: countryOf(from),
    To: to,
    ToZip: '',
    NumSegments: '1',
    MessageSid: messageSid,
    AccountSid: accountSid,
    From: from,
    ApiVersion: '2010-04-01',
  };
}

export interface TwilioStandInOptions {
  /** Numbers Twilio finds invalid: answered 400 with its error 21211, as the real API does. */
  invalidNumber?: (to: string) => boolean;
  /** Answers each accepted message this much later (a provider under load), so a crash can land mid-batch. */
  answerDelayMs?: number;
}

export async function startTwilioStandIn(options: TwilioStandInOptions = {}): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const messages: ReceivedSms[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth) {
        answer(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
        return;
      }
      if (req.method !== 'POST' || req.url !== path) {
        answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!to || !from || !body) {
        answer(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
        return;
      }
      if (options.invalidNumber?.(to)) {
        // Twilio's own answer for a 'To' it cannot use (https://www.twilio.com/docs/errors/21211).
        answer(400, {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
        return;
      }
      // Taken before the answer: a sender that dies while it waits has sent the message all the same.
      messages.push({ accountSid, to, from, body, receivedAt: Date.now() });
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      const accepted = () =>
        answer(201, {
          account_sid: accountSid,
          api_version: '2010-04-01',
          body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from,
          messaging_service_sid: null,
          num_media: '0',
          num_segments: '1',
          price: null,
          price_unit: 'USD',
          sid,
          status: 'queued',
          subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
          to,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        });
      if (options.answerDelayMs) setTimeout(accepted, options.answerDelayMs);
      else accepted();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    async sendInbound(message) {
      const messageSid = message.messageSid ?? `SM${randomBytes(16).toString('hex')}`;
      const fields = inboundFields(accountSid, messageSid, message.from, message.to ?? TWILIO_FROM, message.body);
      const signature =
        message.signature === undefined
          ? twilioSignature(message.authToken ?? authToken, message.signedUrl ?? message.url, fields)
          : message.signature;
      const response = await fetch(message.url, {
        method: 'POST',
        headers: {
          'content-type': message.contentType ?? 'application/x-www-form-urlencoded',
          'user-agent': 'TwilioProxy/1.1',
          ...(signature === null ? {} : { 'x-twilio-signature': signature }),
        },
        body: ((encoded) => (typeof encoded === 'string' ? encoded : new Uint8Array(encoded)))(
          (message.rewriteBody ?? ((encoded) => encoded))(new URLSearchParams(fields).toString()),
        ),
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        text: await response.text(),
        messageSid,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A mail server that accepts connections and never says a word (not even its greeting), as a hung one does. */
export interface SilentSmtp {
  url: string;
  /**
   * Connections it accepted, closed ones included: a client gives up on the silence after its greeting timeout, so
   * the open ones come and go.
   */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSilentSmtp(): Promise<SilentSmtp> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createNetServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Our number in the settings `twilioEnv` gives. */
const TWILIO_FROM = '+3197010203040';

/** The settings that send a server's SMS to this stand-in. */
export function twilioEnv(twilio: TwilioStandIn): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM,
    TWILIO_BASE_URL: twilio.url,
  };
}
