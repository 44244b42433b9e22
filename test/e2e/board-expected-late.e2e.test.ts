import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../server/common/locale.js';
import { ScheduleConfirmation } from '../../server/schedule/schedule-confirmation.entity.js';
import { instantOf } from '../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician } from '../utils/factories.js';
import { writeVisitStatus } from '../utils/visit-day.js';
import { expectNoAxeViolations } from './utils/accessibility.js';
import { startAppProcess, type AppProcess } from './utils/app-process.js';
import { appTokens, withDatabase } from './utils/arrange.js';
import { launchBrowser, type E2EBrowser } from './utils/browser.js';
import { SITES, siteUrl, textOf, type Site } from './utils/sites.js';

/** Monday 2 March 2026, 10:30: the technician is still at his 8.00 visit. */
const NOW = '2026-03-02T10:30:00+01:00';
const TODAY = '2026-03-02';

describe("the board marks a visit expected late when waiting makes it so, on the server's clock, without reading again", () => {
  let app: AppProcess;
  let browser: E2EBrowser;

  beforeAll(async () => {
    app = await startAppProcess({ CLOCK_NOW: NOW });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * A confirmed day under way: the 8.00 visit reached at 8.10 and still being made, the 9.00-12.00 visit next. With no
   * history the visit takes 45 minutes and the drive 20: not free by 11.40, the next visit is reached after 12.00.
   */
  const arrange = (site: Site) =>
    withDatabase(app, async (em) => {
      const country = site.country === 'BE' ? Country.BE : Country.NL;
      const zone = country === Country.BE ? 'Europe/Brussels' : 'Europe/Amsterdam';
      const at = (hour: number, minute = 0) => instantOf(TODAY, hour, minute, zone);
      const phone = country === Country.BE ? { phone: '0470 99 88 66' } : {};
      const technician = await createTechnician(em, { firstname: 'Wim', lastname: `Wacht${site.language}`, country });
      const current = await createOrder(em, { technician, country, name: 'Hans Bezig', appointment: at(8), ...phone });
      await createOrder(em, { technician, country, name: 'Ida Volgende', appointment: at(9), ...phone });
      em.create(ScheduleConfirmation, { technician, date: TODAY, confirmedAt: instantOf('2026-02-27', 18, 0, zone) });
      await em.flush();
      await writeVisitStatus(em, current, {
        stage: 'ARRIVED',
        onTheWayAt: at(7, 50),
        expectedArrival: at(8, 10),
        arrivedAt: at(8, 10),
      });
      return {
        name: `${technician.firstname} ${technician.lastname}`,
        adminToken: appTokens(app).signAdmin(await createAdmin(em)),
      };
    });

  for (const site of SITES) {
    it(`marks it at the minute the board named, with the arrival then expected (${site.language})`, async () => {
      const day = await arrange(site);
      const { page, context } = await browser.newPage();
      try {
        // The browser's clock is the test's: the server's runs on from CLOCK_NOW, read once from the board's answer.
        await page.clock.install();
        await page.goto(siteUrl(app, site, '/404'));
        await page.evaluate((token) => localStorage.setItem('adminToken', token), day.adminToken);
        const boardReads: string[] = [];
        page.on('request', (request) => {
          if (request.postData()?.includes('VisitBoardPage')) boardReads.push(request.url());
        });
        await page.goto(siteUrl(app, site, '/admin/board'));
        await page.getByRole('heading', { level: 3, name: new RegExp(`^${day.name}`) }).waitFor();
        const section = page.getByRole('region', { name: new RegExp(`^${day.name}`) });
        const status = section.getByRole('row').filter({ hasText: 'Ida Volgende' }).getByRole('cell').nth(2);
        expect(await status.textContent()).toBe(textOf(site, 'visit.stage.PLANNED'));
        const reads = boardReads.length;

        // 72 minutes on, past 11.40: marked, expected two minutes or so after 12.00, and the board was not read again.
        await page.clock.fastForward('01:12:00');
        const time = site.language === 'fr' ? '12\u00a0h\u00a00[1-4]' : '12\\.0[1-4]';
        const late = textOf(site, 'admin.board.expectedLate', { time: '@@' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('@@', time);
        await expect
          .poll(() => status.textContent(), { timeout: 5_000 })
          .toMatch(new RegExp(`^${textOf(site, 'visit.stage.PLANNED')}${late}$`));
        expect(boardReads.length).toBe(reads);
        await expectNoAxeViolations(page, `board-expected-late-${site.language}`);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
