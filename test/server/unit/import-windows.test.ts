import { describe, expect, it } from 'vitest';
import { checkImportSettings } from '../../../server/imports/import-settings-rules.js';
import {
  formatVisitWindow,
  parseClock,
  parsePlannedRange,
  parseVisitWindow,
  windowForPlannedTime,
  type ImportWindowRule,
} from '../../../server/imports/import-window.js';

/** The seeded windows (initial migration). */
const DEFAULTS = [
  { timeBetween: '<10:00', timeTo: '08:00/11:00' },
  { timeBetween: '10:00/12:00', timeTo: '10:00/13:00' },
  { timeBetween: '12:00/14:00', timeTo: '12:00/15:00' },
  { timeBetween: '>=14:00', timeTo: '14:00/17:00' },
];

describe('import windows', () => {
  const rules = checkImportSettings(DEFAULTS).rules as ImportWindowRule[];
  const windowAt = (time: string) => {
    const window = windowForPlannedTime(parseClock(time)!, rules);
    return window && formatVisitWindow(window);
  };

  it('match planned times half-open: 09:59 is before 10:00, 10:00 is not', () => {
    expect(windowAt('00:00')).toBe('08:00/11:00');
    expect(windowAt('09:59')).toBe('08:00/11:00');
    expect(windowAt('10:00')).toBe('10:00/13:00');
    expect(windowAt('11:59')).toBe('10:00/13:00');
    expect(windowAt('12:00')).toBe('12:00/15:00');
    expect(windowAt('13:59')).toBe('12:00/15:00');
    expect(windowAt('14:00')).toBe('14:00/17:00');
    expect(windowAt('23:59')).toBe('14:00/17:00');
  });

  it('read the three kinds of rule and refuse malformed ones', () => {
    expect(parsePlannedRange('<10:00')).toEqual({ kind: 'BEFORE', from: 0, to: 600 });
    expect(parsePlannedRange(' 10:00/12:00 ')).toEqual({ kind: 'BETWEEN', from: 600, to: 720 });
    expect(parsePlannedRange('>=14:00')).toEqual({ kind: 'AFTER', from: 840, to: 1440 });
    for (const bad of ['', '10:00', '>14:00', '<=10:00', '12:00/10:00', '10:00/10:00', '<25:00', '<10:60', 'x/y']) {
      expect(parsePlannedRange(bad)).toBeNull();
    }
    expect(parseVisitWindow('08:00/11:00')).toEqual({ start: 480, end: 660 });
    expect(parseVisitWindow('21:00/24:00')).toEqual({ start: 1260, end: 1440 });
    expect(parseVisitWindow('11:00/08:00')).toBeNull();
  });

  it('accept the default set', () => {
    expect(checkImportSettings(DEFAULTS).problems).toEqual([]);
  });

  it('refuse an overlap and name both rules', () => {
    const { problems } = checkImportSettings([{ timeBetween: '<11:00', timeTo: '08:00/11:00' }, ...DEFAULTS.slice(1)]);
    expect(problems).toEqual([
      {
        index: 1,
        field: 'timeBetween',
        message: 'IMPORT_SETTING_OVERLAP',
        params: { rule: '10:00/12:00', other: '<11:00' },
      },
    ]);
  });

  it('refuse a gap and say which times fall under no rule', () => {
    const { problems } = checkImportSettings([{ timeBetween: '<09:00', timeTo: '08:00/11:00' }, ...DEFAULTS.slice(1)]);
    expect(problems).toEqual([
      {
        index: 1,
        field: 'timeBetween',
        message: 'IMPORT_SETTING_GAP',
        params: { from: '09:00', to: '10:00', rule: '<09:00', other: '10:00/12:00' },
      },
    ]);
  });

  it('need a rule before the first and after the last time', () => {
    expect(checkImportSettings(DEFAULTS.slice(1)).problems).toMatchObject([
      { message: 'IMPORT_SETTING_GAP_START', params: { to: '10:00' } },
    ]);
    expect(checkImportSettings(DEFAULTS.slice(0, 3)).problems).toMatchObject([
      { index: 2, message: 'IMPORT_SETTING_GAP_END', params: { from: '14:00' } },
    ]);
    expect(checkImportSettings([]).problems).toMatchObject([{ message: 'IMPORT_SETTINGS_EMPTY' }]);
  });

  it('offer whole hours from 07:00 to 20:00 only, and a window that ends after it starts', () => {
    const check = (timeBetween: string, timeTo: string) =>
      checkImportSettings([{ timeBetween, timeTo }, ...DEFAULTS.slice(1)]).problems.map(
        (problem) => `${problem.field}:${problem.message}`,
      );
    expect(check('<10:30', '08:00/11:00')).toEqual(['timeBetween:IMPORT_SETTING_HOURS']);
    expect(check('<10:00', '06:00/09:00')).toEqual(['timeTo:IMPORT_SETTING_HOURS']);
    expect(check('<10:00', '18:00/21:00')).toEqual(['timeTo:IMPORT_SETTING_HOURS']);
    expect(check('before 10', '11:00/08:00')).toEqual([
      'timeBetween:IMPORT_SETTING_BETWEEN_FORMAT',
      'timeTo:IMPORT_SETTING_TO_FORMAT',
    ]);
  });
});
