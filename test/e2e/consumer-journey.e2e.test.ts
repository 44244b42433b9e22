import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import { Country } from '../../server/common/locale.js';
import { personalLinkToken } from '../../server/consumer-links/personal-link.js';
import { ratingLinkToken } from '../../server/consumer-links/rating-link.js';
import type { Order } from '../../server/orders/order.entity.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../server/visits/visit-status.entity.js';
import { formatClock } from '../../shared/clock-time.js';
import { CALL_CENTRE_HOURS, WINDOW_SHOWN_AT } from '../../shared/hours.js';
import { createOrder, createTechnician } from '../utils/factories.js';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { withDatabase } from './utils/arrange.js';
import { launchBrowser, saveReadmeScreenshot, type E2EBrowser } from './utils/browser.js';
import { openOnSite, SITES, textOf, type Site } from './utils/sites.js';

/** Monday 23 November 2026, 10:00: before 13:30, so Tuesday's windows are not shown yet; today's visits run. */
const NOW = '2026-11-23T10:00:00+01:00';
const at = (time: string) => new Date(`2026-11-${time}+01:00`);
const PHONE = { width: 390, height: 844 };
const MONDAY = { nl: 'maandag 23 november', fr: 'lundi 23 novembre' } as const;

type Visits = Record<'pending' | 'onTheWay' | 'finished' | 'callMe', Order>;

describe("the consumer's pages start with the visit (built app in Chromium, 390 px)", () => {
  let app: AppProcess;
  let browser: E2EBrowser;
  let secret: string;
  const visits = {} as Record<Site['language'], Visits>;

  const linkOf = (order: Order) => `/v/${personalLinkToken({ jwtSecret: secret }, order)}`;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    secret = readFileSync(join(app.dataDir, 'jwt-secret'), 'utf8').trim();
    await withDatabase(app, async (em) => {
      for (const [index, site] of SITES.entries()) {
        const country = site.country === 'BE' ? Country.BE : Country.NL;
        const technician = await createTechnician(em, { firstname: 'Jan', lastname: 'Verbeek', country });
        const person = (n: number) => ({
          country,
          technician,
          zipcode: country === Country.BE ? '1000' : `12${index}${n} AB`,
          houseNumber: '12',
          phone: country === Country.BE ? `0470 1${index} 2${n} 34` : `06 1${index}2${n}3456`,
          email: `klant${n}@example.${site.language}`,
        });
        const onTheWay = await createOrder(em, { ...person(2), name: 'Anna Jansen', appointment: at('23T11:00:00') });
        const finished = await createOrder(em, { ...person(3), name: 'Anna Jansen', appointment: at('23T08:00:00') });
        em.create(VisitStatus, {
          order: onTheWay,
          stage: VisitStage.ON_THE_WAY,
          steppedBack: false,
          expectedArrival: at('23T10:40:00'),
          onTheWayAt: at('23T09:55:00'),
          updatedAt: at('23T09:55:00'),
        });
        em.create(VisitStatus, {
          order: finished,
          stage: VisitStage.FINISHED,
          steppedBack: false,
          previousStage: VisitStage.ARRIVED,
          outcome: VisitOutcome.REPAIRED,
          finishedAt: at('23T09:30:00'),
          updatedAt: at('23T09:30:00'),
        });
        visits[site.language] = {
          pending: await createOrder(em, { ...person(1), name: 'Anna Jansen', appointment: at('24T09:00:00') }),
          onTheWay,
          finished,
          callMe: await createOrder(em, { ...person(4), name: 'Anna Jansen', appointment: at('23T15:00:00') }),
        };
      }
      await em.flush();
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const tracker = (page: Page, site: Site) => page.getByRole('list', { name: textOf(site, 'consumer.tracker.label') });
  const currentStep = (page: Page, site: Site) => tracker(page, site).locator('li[aria-current="step"]');
  const lookupInstructions = (site: Site) =>
    textOf(site, 'consumer.intro', { time: formatClock(WINDOW_SHOWN_AT, site.language) });

  /** Starts in the upper half of the phone's first screen, right under the site's header. */
  const expectOnFirstScreen = async (page: Page, what: string) => {
    const box = await page.getByText(what, { exact: true }).first().boundingBox();
    expect(box, what).not.toBeNull();
    expect(box?.y ?? PHONE.height, what).toBeLessThan(PHONE.height / 2);
  };

  for (const site of SITES) {
    const lang = site.language;

    it(`before 13:30 a lookup opens the visit: its day, when the window appears and where it is sent (${lang})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, '/index', { viewport: PHONE });
      try {
        // The lookup's instructions belong on the lookup page, and only there.
        await page.getByText(lookupInstructions(site)).waitFor();
        const pending = visits[lang].pending;
        if (site.country === 'BE') {
          await page.getByLabel(textOf(site, 'consumer.index.phoneNumber')).fill(pending.phone ?? '');
        } else {
          await page.getByLabel(textOf(site, 'consumer.index.zipcode')).fill(pending.zipcode);
          await page.getByLabel(textOf(site, 'consumer.index.houseNumber')).fill(String(pending.houseNumber));
        }
        await page.getByRole('button', { name: textOf(site, 'consumer.index.submit') }).click();
        await page.waitForURL('**/details');
        const main = page.locator('#main');
        await expect
          .poll(() => main.innerText())
          .toMatch(lang === 'fr' ? /mardi 24 novembre 2026/i : /dinsdag 24 november 2026/i);
        const text = await main.innerText();
        const shownAt = formatClock(WINDOW_SHOWN_AT, lang);
        expect(text).toContain(
          textOf(site, 'consumer.details.shownFrom', {
            weekday: lang === 'fr' ? 'lundi' : 'maandag',
            date: lang === 'fr' ? '23 novembre' : '23 november',
            time: shownAt,
          }),
        );
        expect(text).toMatch(/k•••@example\./);
        expect(text).toContain(shownAt);
        expect(await currentStep(page, site).innerText()).toContain(textOf(site, 'consumer.tracker.PLANNED'));
        expect(await page.getByText(lookupInstructions(site)).count()).toBe(0);
        await expectNoAxeViolations(page, `consumer-journey-pending-${lang}`);
        await expectNoHorizontalScroll(page, `consumer-journey-pending-${lang}`);
        if (lang === 'nl') await saveReadmeScreenshot(page, 'consumer-before-window');
      } finally {
        await context.close();
      }
    });

    it(`a personal link opens on the step tracker, "on the way" on the first screen (${lang})`, async () => {
      const { page, context } = await openOnSite(browser, app, site, linkOf(visits[lang].onTheWay), {
        viewport: PHONE,
      });
      try {
        await page.waitForURL('**/details');
        const onTheWay = textOf(site, 'consumer.progress.onTheWay', {
          name: 'Jan',
          time: formatClock({ hour: 10, minute: 40 }, lang),
        });
        await page.getByText(onTheWay).waitFor();
        await expectOnFirstScreen(page, onTheWay);
        const steps = tracker(page, site).getByRole('listitem');
        expect(await steps.count()).toBe(4);
        expect(await currentStep(page, site).count()).toBe(1);
        const current = await currentStep(page, site).textContent();
        expect(current).toContain(textOf(site, 'consumer.tracker.ON_THE_WAY'));
        // Said in words, not by colour alone: the current step, and the step before it done.
        expect(current).toContain(textOf(site, 'consumer.tracker.now'));
        expect(await steps.first().textContent()).toContain(textOf(site, 'consumer.tracker.done'));
        expect(await page.getByText(textOf(site, 'consumer.next.onTheWay')).count()).toBe(1);
        expect(await page.getByText(lookupInstructions(site)).count()).toBe(0);
        await expectNoAxeViolations(page, `consumer-journey-on-the-way-${lang}`);
        if (lang === 'nl') await saveReadmeScreenshot(page, 'consumer-on-the-way');
      } finally {
        await context.close();
      }
    });

    it(`a finished visit is told in the past tense, on its page and on its rating link (${lang})`, async () => {
      const order = visits[lang].finished;
      const { page, context } = await openOnSite(browser, app, site, linkOf(order), { viewport: PHONE });
      try {
        await page.waitForURL('**/details');
        await page.getByText(textOf(site, 'consumer.details.oneDone')).waitFor();
        expect(await currentStep(page, site).innerText()).toContain(textOf(site, 'consumer.tracker.FINISHED'));
        await expectOnFirstScreen(page, textOf(site, 'consumer.details.oneDone'));
        expect(await page.getByText(textOf(site, 'consumer.details.one'), { exact: true }).count()).toBe(0);
        expect(await page.getByText(textOf(site, 'consumer.details.callAhead')).count()).toBe(0);
        await expectNoAxeViolations(page, `consumer-journey-finished-${lang}`);
        if (lang === 'nl') await saveReadmeScreenshot(page, 'consumer-finished');

        const rating = `/b/${ratingLinkToken({ jwtSecret: secret } as AppConfig, order)}`;
        await page.goto(`http://${site.host}:${app.port}${rating}`);
        await page
          .getByText(textOf(site, 'consumer.ratingLink.reference', { reference: order.referenceNumber }))
          .waitFor();
        expect(await currentStep(page, site).innerText()).toContain(textOf(site, 'consumer.tracker.FINISHED'));
        await expectOnFirstScreen(page, textOf(site, 'consumer.progress.finished'));
        expect(await page.getByText(lookupInstructions(site)).count()).toBe(0);
        await expectNoAxeViolations(page, `consumer-journey-rating-link-${lang}`);
      } finally {
        await context.close();
      }
    });

    it(`"call me" from a message: one button per answer, then the office's call instead of the technician's (${lang})`, async () => {
      const order = visits[lang].callMe;
      const { page, context } = await openOnSite(browser, app, site, `${linkOf(order)}?antwoord=bellen`, {
        viewport: PHONE,
      });
      try {
        const callMe = textOf(site, 'reply.answer.CALL_ME');
        await page.getByText(textOf(site, 'consumer.reply.proposed', { answer: callMe })).waitFor();
        expect(await page.getByRole('button').filter({ hasText: callMe }).count()).toBe(1);
        expect(
          await page
            .getByRole('button')
            .filter({ hasText: textOf(site, 'reply.answer.AT_HOME') })
            .count(),
        ).toBe(1);
        await page.getByText(textOf(site, 'consumer.details.callAhead')).waitFor();

        await page.getByRole('button', { name: callMe }).click();
        await page.getByText(textOf(site, 'consumer.reply.savedCallMe')).waitFor();
        // Asked before the office closes: it calls that day, before closing.
        const callBack = textOf(site, 'consumer.next.callBack.BEFORE', {
          date: MONDAY[lang],
          time: formatClock(CALL_CENTRE_HOURS.closes, lang),
        });
        await page.getByText(callBack).waitFor();
        expect(await page.getByText(textOf(site, 'consumer.details.callAhead')).count()).toBe(0);
        expect(await page.getByRole('button', { name: callMe }).getAttribute('aria-pressed')).toBe('true');
        await expectNoAxeViolations(page, `consumer-journey-call-me-${lang}`);

        // The same after a reload: it comes from the saved answer, not from the tap.
        await page.goto(`http://${site.host}:${app.port}/details`);
        await page.getByText(callBack).waitFor();
        expect(await page.getByText(textOf(site, 'consumer.details.callAhead')).count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it(`unsubscribing starts with the visit, is no site visit, and ends with a way back to it (${lang})`, async () => {
      const order = visits[lang].onTheWay;
      const siteVisits = () =>
        withDatabase(app, async (em) =>
          Number(
            (
              await em
                .getConnection()
                .execute<{ n: string }[]>('select count(*) as n from site_visits where order_id = ?', [order.id])
            )[0].n,
          ),
        );
      const before = await siteVisits();
      const { page, context } = await openOnSite(browser, app, site, `${linkOf(order)}/afmelden`, {
        viewport: PHONE,
      });
      try {
        // Where the visit stands comes first, in the upper half of the phone's first screen.
        expect(await currentStep(page, site).innerText()).toContain(textOf(site, 'consumer.tracker.ON_THE_WAY'));
        await expectOnFirstScreen(page, textOf(site, 'consumer.tracker.ON_THE_WAY'));
        const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
        expect(headings.indexOf(textOf(site, 'consumer.details.title'))).toBeLessThan(
          headings.indexOf(textOf(site, 'consumer.unsubscribe.title')),
        );
        await expectNoAxeViolations(page, `consumer-journey-unsubscribe-${lang}`);
        await page.getByRole('button', { name: textOf(site, 'consumer.unsubscribe.submit') }).click();
        await page.getByText(/•••@example/).waitFor();
        await expectNoAxeViolations(page, `consumer-journey-unsubscribed-${lang}`);
        await page.getByRole('link', { name: textOf(site, 'consumer.unsubscribe.back') }).click();
        await page.waitForURL('**/details');
        await page
          .getByRole('heading', { name: textOf(site, 'consumer.details.greeting', { name: order.name }) })
          .waitFor();
        expect(await currentStep(page, site).innerText()).toContain(textOf(site, 'consumer.tracker.ON_THE_WAY'));
        // The visit's page is a site visit; the unsubscribe page before it was not (recorded in order, so once the
        // later one is written the earlier one would be too).
        await expect.poll(siteVisits, { timeout: 10_000 }).toBeGreaterThan(before);
        expect(await siteVisits()).toBe(before + 1);
      } finally {
        await context.close();
      }
    });
  }
});
