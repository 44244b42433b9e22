import express, { Router, type Request, type Response } from 'express';
import type { BodyLimitRule } from '../common/http/body-bound.js';
import { labelRoute } from '../common/metrics/http-metrics.js';
import type { AppContext, AppServices } from '../context.js';
import { InboundSmsService } from './inbound-sms.service.js';

/** Where Twilio delivers the text messages sent to our number (its "A message comes in" webhook). */
export const INBOUND_SMS_PATH = '/sms/inbound';

/** Twilio's form is a few dozen short fields and a text of at most 1600 characters: far below this. */
const BODY_LIMIT = 16 * 1024;
/** Twilio's own bound on a message's text. */
const TEXT_MAX_LENGTH = 1600;
/** Twilio's message ids: two letters and 32 hexadecimal digits. */
const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/;
/** A sending number as Twilio writes it: E.164, or a short code or sender id of letters and digits. */
const FROM = /^\+?[0-9A-Za-z]{2,20}$/;

/** The webhook's body limit, for the bound every body passes first (`bodyBound`). */
export const INBOUND_SMS_BODY_RULE: BodyLimitRule = { path: INBOUND_SMS_PATH, methods: ['POST'], limit: BODY_LIMIT };

/** The form's fields, the first value of each, as Twilio signs them. */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'string') return fields;
  for (const [name, value] of new URLSearchParams(body)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** A refusal the provider's log shows: plain text, no body of ours to parse. */
function refuse(res: Response, status: number, reason: string): void {
  res.status(status).type('text/plain; charset=utf-8').send(reason);
}

/**
 * `POST /sms/inbound`: a text message sent to our number, as Twilio delivers it (form-encoded, signed in
 * `X-Twilio-Signature` over the URL configured at Twilio and the sorted fields). The signature is checked with
 * Twilio's own SDK before anything is read; a wrong or missing one is refused with 403 and changes nothing. The answer
 * to the consumer goes back as TwiML in the response, which Twilio sends from the number written to: nothing is
 * queued, and an empty response sends nothing. Mounted outside the XSRF check: the signature authorises it.
 */
export function inboundSmsRouter(
  services: AppServices,
  contextOf: (req: Request, res: Response) => Promise<AppContext>,
): Router {
  const { config } = services;
  const router = Router();
  router.post(
    INBOUND_SMS_PATH,
    (_req, res, next) => {
      labelRoute(res, INBOUND_SMS_PATH);
      res.set('Cache-Control', 'no-store');
      next();
    },
    express.text({ type: 'application/x-www-form-urlencoded', limit: BODY_LIMIT }),
    async (req, res) => {
      const twilio = config.twilio;
      if (!req.is('application/x-www-form-urlencoded')) {
        refuse(res, 415, 'Expected application/x-www-form-urlencoded.');
        return;
      }
      const fields = formFields(req.body);
      const signature = req.get('x-twilio-signature');
      // Signed over the address Twilio called, which the server behind a balancer does not see: the configured one.
      const url = twilio?.webhookUrl ?? `${config.appUrl}${req.originalUrl}`;
      const { default: sdk } = await import('twilio');
      if (!twilio || !signature || !sdk.validateRequest(twilio.authToken, signature, url, fields)) {
        refuse(res, 403, 'The request is not signed by our SMS provider.');
        return;
      }
      const { MessageSid: messageSid = '', From: from = '', Body: text = '' } = fields;
      if (!MESSAGE_SID.test(messageSid) || !FROM.test(from)) {
        refuse(res, 400, 'MessageSid and From are required, as Twilio writes them.');
        return;
      }
      if ([...text].length > TEXT_MAX_LENGTH) {
        refuse(res, 400, `Body is longer than ${TEXT_MAX_LENGTH} characters.`);
        return;
      }
      const answer = await new InboundSmsService(await contextOf(req, res)).receive({ messageSid, from, body: text });
      const response = new sdk.twiml.MessagingResponse();
      if (answer !== null) response.message(answer);
      res.status(200).type('text/xml').send(response.toString());
    },
  );
  return router;
}
