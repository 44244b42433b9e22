import { describe, expect, it } from 'vitest';
import { texts as fr } from '../../client/src/i18n/fr/admin.js';
import { texts as nl } from '../../client/src/i18n/nl/admin.js';

/** The statistics page counts consumers' page views; "Bezoeken" / "Visites" alone are the technicians' visits. */
const WEBSITE_VISIT_KEYS = [
  'admin.statistics.averageSiteVisit',
  'admin.statistics.totalVisits',
  'admin.statistics.perHour',
  'admin.statistics.visits',
  'admin.statistics.noVisits',
] as const;

describe('"Bezoeken" means one thing in the office', () => {
  it('calls the page views of the statistics website visits, in Dutch and French', () => {
    for (const key of WEBSITE_VISIT_KEYS) {
      expect(nl[key], key).toMatch(/websitebezoek/i);
      expect(fr[key], key).toMatch(/visites? du site/i);
    }
    expect(nl['admin.statistics.perHour']).toBe('Websitebezoeken per uur');
    expect(fr['admin.statistics.perHour']).toBe('Visites du site par heure');
    expect(nl['admin.statistics.totalVisits']).toBe('Websitebezoeken in totaal');
    expect(fr['admin.statistics.totalVisits']).toBe('Visites du site au total');
  });

  it('keeps "Bezoeken" / "Visites" for the technicians\' visits', () => {
    expect(nl['admin.figures.visits']).toBe('Bezoeken');
    expect(fr['admin.figures.visits']).toBe('Visites');
    expect(nl['admin.board.title']).toBe('Bezoeken vandaag');
  });
});
