import express, { Router } from 'express';
import type { BodyLimitRule } from '../common/http/body-bound.js';
import { Language, localeFromHost } from '../common/locale.js';
import { translate } from '../common/i18n/translate.js';
import { labelRoute } from '../common/metrics/http-metrics.js';
import type { AppServices } from '../context.js';
import { ONE_CLICK_UNSUBSCRIBE_BODY, PERSONAL_LINK_PATH, UNSUBSCRIBE_SEGMENT } from '../../shared/personal-link.js';
import { PersonalLinkRefused } from './personal-link.types.js';
import { PersonalLinkService } from './personal-link.service.js';

/** Enough for the one field RFC 8058 asks for, form-encoded or as multipart; anything longer is not a one-click request. */
const BODY_LIMIT = 2 * 1024;
const ONE_CLICK_PATH = `${PERSONAL_LINK_PATH}/:token/${UNSUBSCRIBE_SEGMENT}`;

/** The one-click request's body limit, for the bound every body passes first (`bodyBound`). */
export const ONE_CLICK_BODY_RULE: BodyLimitRule = { path: ONE_CLICK_PATH, methods: ['POST'], limit: BODY_LIMIT };

/** Whether the body is RFC 8058's `List-Unsubscribe=One-Click`, form-encoded or as a multipart field. */
function isOneClickBody(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (body.trim() === ONE_CLICK_UNSUBSCRIBE_BODY) return true;
  // multipart/form-data: a part named List-Unsubscribe whose value is One-Click
  return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body);
}

/**
 * `POST /v/<token>/afmelden` with the body `List-Unsubscribe=One-Click`: the one-click unsubscribe of RFC 8058,
 * which mail providers send from their own servers when the user clicks "unsubscribe" beside our mail. It
 * carries no cookie and no XSRF token, so it is mounted outside the XSRF check: the signed token in the path is
 * what authorises it, and all it can do is stop mail to the address of the token's own order. The page at the
 * same address (GET, the client) has a button that does the same through GraphQL.
 */
export function oneClickUnsubscribeRouter(services: AppServices): Router {
  const router = Router();
  router.post(
    ONE_CLICK_PATH,
    (_req, res, next) => {
      labelRoute(res, ONE_CLICK_PATH);
      next();
    },
    express.text({ type: () => true, limit: BODY_LIMIT }),
    async (req, res) => {
      const siteLanguage = localeFromHost(req.hostname).language;
      res.set('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
      if (!isOneClickBody(req.body)) {
        res.status(400).send(translate(siteLanguage, 'ONE_CLICK_BODY_REQUIRED'));
        return;
      }
      const outcome = await new PersonalLinkService(services, services.orm.em.fork()).unsubscribeEmail(
        req.params.token,
      );
      if (outcome instanceof PersonalLinkRefused) {
        res.status(404).send(translate(outcome.orderLanguage ?? siteLanguage, 'PERSONAL_LINK_INVALID'));
        return;
      }
      res
        .status(200)
        .send(translate(outcome.language ?? Language.NL, 'EMAIL_UNSUBSCRIBED', { email: outcome.maskedEmail }));
    },
  );
  return router;
}
