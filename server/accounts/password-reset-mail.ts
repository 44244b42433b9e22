import { translate } from '../common/i18n/translate.js';
import type { Language } from '../common/locale.js';
import { layoutMail } from '../common/mail/mail-layout.js';
import type { MailMessage } from '../common/mail/mailer.js';

export interface ResetMailFacts {
  to: string;
  firstname: string;
  /** The full link to the new-password page, token included. */
  link: string;
  validMinutes: number;
  brand: string;
  /** No password set yet (a new account): the mail welcomes instead of speaking of a reset. */
  welcome: boolean;
  language: Language;
}

/** The password-reset (or welcome) mail, in the language of the request that asked for it. */
export function passwordResetMail(facts: ResetMailFacts): MailMessage {
  const t = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
    translate(facts.language, key, params);
  return layoutMail({
    to: facts.to,
    language: facts.language,
    subject: t(facts.welcome ? 'WELCOME_MAIL_SUBJECT' : 'RESET_MAIL_SUBJECT', { brand: facts.brand }),
    greeting: t('MAIL_GREETING', { name: facts.firstname }),
    intro: [t(facts.welcome ? 'WELCOME_MAIL_INTRO' : 'RESET_MAIL_INTRO', { brand: facts.brand })],
    action: { label: t('RESET_MAIL_ACTION'), url: facts.link },
    outro: [
      t('RESET_MAIL_VALIDITY', { minutes: facts.validMinutes }),
      ...(facts.welcome ? [] : [t('RESET_MAIL_IGNORE')]),
    ],
  });
}
