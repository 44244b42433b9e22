import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type twilio from 'twilio';
import { withDeadline } from '../jobs/deadline.js';
import { writeOutboxFile } from '../mail/outbox-file.js';

export interface SmsMessage {
  /** E.164, e.g. +31612345678. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Messages it hands over at once (connections to the provider); more wait their turn. */
  readonly concurrency: number;
  /** Resolves with the provider's id of the message (or the outbox file's name). */
  send(message: SmsMessage): Promise<string>;
}

/** Twilio's settings; all three are needed to send. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** Another address for Twilio's REST API (a local stand-in in tests); unset: Twilio's own. */
  baseUrl: string | undefined;
}

export interface SmsSenderOptions {
  twilio: TwilioSettings | undefined;
  outboxDir: string;
  /** The longest one message may take to hand over (or to write to the outbox). */
  timeoutMs: number;
  logger: Logger;
}

/** Requests to Twilio at once, each on a connection of its own that is kept for the next. */
const TWILIO_CONNECTIONS = 8;

/** Outbox files written at once. */
const OUTBOX_WRITES = 4;

/**
 * Sends text messages through Twilio's official SDK when its settings are given; otherwise every message
 * becomes one JSON file in the outbox directory, where a developer (or a test) can read it. Nothing
 * personal is logged: no number, no text.
 */
export function createSmsSender(options: SmsSenderOptions): SmsSender {
  const log = options.logger.child({ component: 'sms' });
  const settings = options.twilio;
  if (settings) {
    // The SDK's own retries are off: the job queue retries, with its own waits and bookkeeping.
    // Connections are kept and reused: a publication sends thousands of messages in a minute.
    // Loaded at the first message, not at start: the SDK takes a fifth of a second to load.
    let client: Promise<ReturnType<typeof twilio>> | undefined;
    const clientOf = () =>
      (client ??= import('twilio').then(({ default: createClient }) => {
        const created = createClient(settings.accountSid, settings.authToken, {
          autoRetry: false,
          // The SDK's own bound on a request; the deadline below also covers loading the SDK and the connection.
          timeout: options.timeoutMs,
          keepAlive: true,
          maxSockets: TWILIO_CONNECTIONS,
        });
        if (settings.baseUrl) created.api.baseUrl = settings.baseUrl;
        // The SDK takes no signal per request, but its HTTP client is an axios instance, which does: each request
        // gets the signal of the send it belongs to (the sends share the client and go side by side).
        created.httpClient.axios.interceptors.request.use((config) => {
          const signal = sendSignal.getStore();
          if (signal) config.signal = signal;
          return config;
        });
        return created;
      }));
    // The deadline's signal of the send under way, for the interceptor above.
    const sendSignal = new AsyncLocalStorage<AbortSignal>();
    return {
      concurrency: TWILIO_CONNECTIONS,
      async send(message) {
        // At the deadline the request is destroyed: one still waiting for a connection never goes, and an answer
        // that comes later is read by nobody, so a try recorded as failed is not also counted as sent. (A request
        // Twilio already read is its to send: no HTTP call can be taken back.)
        const sent = await withDeadline(
          (signal) =>
            clientOf().then((sdk) =>
              sendSignal.run(signal, () =>
                sdk.messages.create({ to: message.to, from: settings.from, body: message.body }),
              ),
            ),
          options.timeoutMs,
          'the SMS provider',
        );
        log.info({ sid: sent.sid }, 'sms sent');
        return sent.sid;
      },
    };
  }
  return {
    concurrency: OUTBOX_WRITES,
    async send(message) {
      const name = await withDeadline(
        () => writeOutboxFile(options.outboxDir, '.json', `${JSON.stringify(message, null, 2)}\n`),
        options.timeoutMs,
        'the outbox',
      );
      log.info({ file: name }, 'sms written to the outbox');
      return name;
    },
  };
}
