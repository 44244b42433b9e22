import { describe, expect, it } from 'vitest';
import { addRule, draftOf, inputOf } from '../../client/src/admin/settings/import-rules.js';

const SETTINGS = [
  { id: 1, timeBetween: '<10:00', timeTo: '08:00/11:00' },
  { id: 2, timeBetween: '10:00/12:00', timeTo: '10:00/13:00' },
  { id: 4, timeBetween: '>=14:00', timeTo: '14:00/17:00' },
];

describe('import window form values', () => {
  it('read the three kinds of rule as hours and write them back unchanged', () => {
    const drafts = SETTINGS.map(draftOf);
    expect(drafts.map(({ kind, from, to, windowFrom, windowTo }) => [kind, from, to, windowFrom, windowTo])).toEqual([
      ['BEFORE', 0, 10, 8, 11],
      ['BETWEEN', 10, 12, 10, 13],
      ['AFTER', 14, 24, 14, 17],
    ]);
    expect(drafts.map(inputOf)).toEqual(SETTINGS);
  });

  it("add a 'between' rule just before the 'after' rule", () => {
    const drafts = addRule(SETTINGS.map(draftOf), 'new');
    expect(drafts.map((draft) => draft.kind)).toEqual(['BEFORE', 'BETWEEN', 'BETWEEN', 'AFTER']);
    expect(inputOf(drafts[2])).toEqual({ id: null, timeBetween: '14:00/15:00', timeTo: '14:00/17:00' });
  });
});
