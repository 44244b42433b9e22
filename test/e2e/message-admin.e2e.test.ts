import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/common/i18n/translate.js';
import { Country, Language } from '../../server/common/locale.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../server/messages/consumer-message.entity.js';
import { MessageFailureCode } from '../../server/messages/message-failure.js';
import { MailOpen } from '../../server/statistics/mail-open.entity.js';
import { MessageSetting } from '../../server/message-settings/message-setting.entity.js';
import { createAdmin, createOrder } from '../utils/factories.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { focused, tabTo } from './utils/keyboard.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

/**
 * The admin side of consumer messages in Chromium, on the Dutch and the French site: the settings screen
 * (saved, and a refused "on without a channel"), and the order page's message log: what went where
 * (masked), failed with its reason, opened, and "Opnieuw versturen" by keyboard through the confirmation,
 * with the server's refusal in the admin's language. axe finds nothing in any of these states.
 */

/** Monday 23 November 2026, 14:00: Tuesday's windows were published at 13:30. */
const NOW = '2026-11-23T14:00:00+01:00';
const at = (time: string) => new Date(`2026-11-23T${time}:00+01:00`);
const TUESDAY_9 = new Date('2026-11-24T09:00:00+01:00');
const TUESDAY_13 = new Date('2026-11-24T13:00:00+01:00');
const THREE_HOURS = 3 * 3600;

/** Per site: its country's order, told Tuesday 09:00 and then moved to 13:00. */
const ORDERS = {
  nl: { reference: 'MSG-ADMIN-NL', country: Country.NL, email: 'jan.jansen@example.nl', phone: '06 12345678' },
  fr: { reference: 'MSG-ADMIN-BE', country: Country.BE, email: 'marie@example.be', phone: '0470 12 34 56' },
} as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('message settings and the order message log (built app in Chromium, Dutch and French)', () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let adminToken: string;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW, JOB_POLL_INTERVAL_MS: '300' });
    browser = await launchBrowser();
    await withDatabase(app, async (em) => {
      adminToken = appTokens(app).signAdmin(await createAdmin(em, { email: 'ada@messages.example' }));
      for (const site of SITES) {
        const arranged = ORDERS[site.language];
        const order = await createOrder(em, {
          referenceNumber: arranged.reference,
          country: arranged.country,
          zipcode: arranged.country === Country.BE ? '1000' : '1234 AB',
          email: arranged.email,
          phone: arranged.phone,
          appointment: TUESDAY_13,
        });
        const message = (fields: Partial<ConsumerMessage>) =>
          em.create(ConsumerMessage, {
            order,
            kind: MessageKind.WINDOW,
            channel: MessageChannel.EMAIL,
            windowStart: TUESDAY_13,
            windowSeconds: THREE_HOURS,
            recipient: arranged.email,
            language: site.language,
            createdAt: at('13:30'),
            ...fields,
          });
        // The window first told by mail, then the update after the move (opened), and the SMS that failed.
        message({ windowStart: TUESDAY_9, status: MessageStatus.SENT, tries: 1, sentAt: at('13:30') });
        message({
          kind: MessageKind.UPDATE,
          status: MessageStatus.SENT,
          tries: 1,
          createdAt: at('13:40'),
          sentAt: at('13:40'),
        });
        message({
          channel: MessageChannel.SMS,
          recipient: arranged.country === Country.BE ? '+32470123456' : '+31612345678',
          status: MessageStatus.FAILED,
          tries: 3,
          lastError: "21211: The 'To' number <recipient> is not a valid phone number.",
          failureCode: MessageFailureCode.SMS_INVALID_NUMBER,
          failedAt: at('13:50'),
        });
        em.create(MailOpen, { order, openedAt: at('13:45') });
      }
      await em.flush();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const rowOf = (page: Page, site: Site, kind: 'WINDOW' | 'UPDATE', channel: 'EMAIL' | 'SMS') =>
    page
      .locator('.order-messages-table tbody tr')
      .filter({ has: page.getByRole('cell', { name: textOf(site, `admin.messages.kind.${kind}`), exact: true }) })
      .filter({
        has: page.getByRole('cell', { name: textOf(site, `admin.messages.channel.${channel}`), exact: true }),
      });

  for (const site of SITES) {
    const countryName = textOf(site, `common.country.${site.country}`);

    it(`${site.language}: the message settings screen, saved and refused`, { timeout: 120_000 }, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/admin/settings/messages', {
        storage: { adminToken },
      });
      try {
        await page.getByRole('heading', { level: 1, name: textOf(site, 'admin.messageSettings.title') }).waitFor();
        const form = page.locator('form').filter({ has: page.getByRole('heading', { name: countryName }) });
        await form.getByLabel(textOf(site, 'admin.messageSettings.senderName')).waitFor();
        await expectNoAxeViolations(page, `message-settings-${site.language}`);

        // On without a channel is refused, next to the channels, in the admin's language.
        await form.getByLabel(textOf(site, 'admin.messageSettings.email')).uncheck();
        await form.getByLabel(textOf(site, 'admin.messageSettings.sms')).uncheck();
        await form
          .getByRole('button', {
            name: textOf(site, 'common.actionOn', { action: textOf(site, 'common.save'), subject: countryName }),
          })
          .click();
        const refusal = translate(site.language === 'fr' ? Language.FR : Language.NL, 'MESSAGE_CHANNEL_REQUIRED');
        await form.getByText(refusal).waitFor();
        await expectNoAxeViolations(page, `message-settings-refused-${site.language}`);

        await form.getByLabel(textOf(site, 'admin.messageSettings.email')).check();
        await form.getByLabel(textOf(site, 'admin.messageSettings.sms')).check();
        // The time of the visit day's SMS, per country.
        await form.getByLabel(textOf(site, 'admin.messageSettings.morningSmsAt')).fill('08:05');
        await form
          .getByRole('button', {
            name: textOf(site, 'common.actionOn', { action: textOf(site, 'common.save'), subject: countryName }),
          })
          .click();
        await form.getByText(textOf(site, 'admin.messageSettings.saved', { country: countryName })).waitFor();
        await expectNoAxeViolations(page, `message-settings-saved-${site.language}`);
        const stored = await withDatabase(app, (em) =>
          em.findOneOrFail(MessageSetting, { country: site.country === 'BE' ? Country.BE : Country.NL }),
        );
        expect(stored.morningSmsAt).toBe('08:05');
      } finally {
        await context.close();
      }
    });

    it(`${site.language}: the order's message log, and sending again by keyboard`, { timeout: 120_000 }, async () => {
      const arranged = ORDERS[site.language];
      const { page, context } = await openOnSite(
        browser,
        app,
        site,
        `/admin/appointment/manage?reference=${arranged.reference}`,
        { storage: { adminToken } },
      );
      try {
        await page.getByRole('heading', { name: textOf(site, 'admin.messages.title') }).waitFor();
        const sms = rowOf(page, site, 'WINDOW', 'SMS');
        const update = rowOf(page, site, 'UPDATE', 'EMAIL');
        const first = rowOf(page, site, 'WINDOW', 'EMAIL');
        await sms.waitFor();
        expect(await page.locator('.order-messages-table tbody tr').count()).toBe(3);

        // Masked addresses, never the full ones; the failure with its reason and tries; the opened mail.
        const maskedMobile = site.country === 'BE' ? '04 •••• 3456' : '06 •••• 5678';
        const maskedMail = `${arranged.email[0]}•••${arranged.email.slice(arranged.email.indexOf('@'))}`;
        expect(await sms.getByRole('cell').nth(2).innerText()).toBe(maskedMobile);
        expect(await update.getByRole('cell').nth(2).innerText()).toBe(maskedMail);
        expect(await sms.innerText()).toContain(textOf(site, 'admin.messages.status.FAILED'));
        // The reason in the admin's words, and the provider's own words beside it as the technical detail.
        expect(await sms.innerText()).toContain(textOf(site, 'admin.messages.failure.SMS_INVALID_NUMBER'));
        expect(await sms.innerText()).toContain("21211: The 'To' number <recipient> is not a valid phone number.");
        expect(await sms.getByRole('cell').nth(5).innerText()).toBe('3');
        expect(await update.innerText()).toContain(textOf(site, 'admin.messages.opened'));
        expect(await update.innerText()).toContain(`${textOf(site, 'admin.messages.time.opened')}`);
        expect(await update.locator('time').last().getAttribute('datetime')).toBe(at('13:45').toISOString());
        await expectNoAxeViolations(page, `order-messages-${site.language}`);

        // By keyboard: from the top of the order to the failed SMS's button, through the dialog, to the outcome.
        await page.locator('article.order-card').focus();
        const resend = textOf(site, 'admin.messages.resend');
        const smsText = textOf(site, 'admin.messages.channel.SMS');
        await tabTo(
          page,
          new RegExp(`^button "${escape(resend)}\\s?: .*${escape(smsText)}.*${escape(maskedMobile)}"$`),
          60,
        );
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: textOf(site, 'admin.messages.resendTitle') });
        await dialog.waitFor();
        expect((await focused(page)).name).toBe(`button "${resend}"`);
        await expectNoAxeViolations(page, `order-messages-confirm-${site.language}`);
        await page.keyboard.press('Enter');
        const described = textOf(site, 'admin.messages.describe', {
          kind: textOf(site, 'admin.messages.kind.WINDOW'),
          channel: smsText,
          recipient: maskedMobile,
        });
        await page
          .getByRole('status')
          .filter({ hasText: textOf(site, 'admin.messages.resent', { message: described }) })
          .waitFor();
        // The focus went on to the outcome (the queued message has no button), and the log follows the job.
        expect(await page.evaluate(() => document.activeElement?.classList.contains('message-outcome'))).toBe(true);
        await sms
          .locator('.badge', { hasText: textOf(site, 'admin.messages.status.SENT') })
          .waitFor({ timeout: 20_000 });
        expect(await sms.getByRole('cell').nth(5).innerText()).toBe('4');
        await expectNoAxeViolations(page, `order-messages-resent-${site.language}`);

        // The first mail told the old window: the server refuses it, in the admin's language.
        await first.getByRole('button', { name: new RegExp(`^${escape(resend)}`) }).click();
        await dialog.getByRole('button', { name: resend, exact: true }).click();
        const superseded = translate(site.language === 'fr' ? Language.FR : Language.NL, 'MESSAGE_SUPERSEDED');
        await page.getByRole('alert').filter({ hasText: superseded }).waitFor();
        await expectNoAxeViolations(page, `order-messages-refused-${site.language}`);
      } finally {
        await context.close();
      }
    });
  }
});
