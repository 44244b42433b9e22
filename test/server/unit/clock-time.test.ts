import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockOf, formatClock, formatHour } from '../../../shared/clock-time.js';
import { fr as serverFr } from '../../../server/common/i18n/fr.js';
import { nl as serverNl } from '../../../server/common/i18n/nl.js';
import { translate } from '../../../server/common/i18n/translate.js';
import { Language } from '../../../server/common/locale.js';

const NBSP = '\u00a0';

describe('formatClock: one notation per language', () => {
  it('writes Dutch clock times with a point: 13.30, 8.00', () => {
    expect(formatClock({ hour: 13, minute: 30 }, 'nl')).toBe('13.30');
    expect(formatClock({ hour: 8, minute: 0 }, 'nl')).toBe('8.00');
    expect(formatClock({ hour: 0, minute: 5 }, 'nl')).toBe('0.05');
    expect(formatHour(22, 'nl')).toBe('22.00');
  });

  it('writes French clock times as 13 h 30 with no-break spaces, and 8 h on the hour', () => {
    expect(formatClock({ hour: 13, minute: 30 }, 'fr')).toBe(`13${NBSP}h${NBSP}30`);
    expect(formatClock({ hour: 8, minute: 0 }, 'fr')).toBe(`8${NBSP}h`);
    expect(formatClock({ hour: 9, minute: 5 }, 'fr')).toBe(`9${NBSP}h${NBSP}05`);
    expect(formatHour(7, 'fr')).toBe(`7${NBSP}h`);
  });

  it("reads an instant on the zone's wall clock, summer and winter", () => {
    expect(clockOf(new Date('2026-07-01T11:30:00Z'), 'Europe/Brussels', 'nl')).toBe('13.30');
    expect(clockOf(new Date('2026-11-23T12:30:00Z'), 'Europe/Amsterdam', 'fr')).toBe(`13${NBSP}h${NBSP}30`);
  });

  it('fills clock parameters of server texts in the reader’s notation', () => {
    expect(translate(Language.NL, 'SCHEDULE_END_TOO_LATE', { name: 'Bert', endHour: 22 })).toBe(
      'De opdracht bij Bert eindigt na 22.00 uur. Kies een eerder begin.',
    );
    expect(translate(Language.FR, 'VISIT_WINDOW_NOT_AVAILABLE', { shownTime: 13 * 60 + 30 })).toContain(
      `à partir de 13${NBSP}h${NBSP}30 le jour`,
    );
  });
});

/**
 * Texts that show the HH:MM form a person types or an import file holds: machines read that form, so it keeps
 * its colon.
 */
const TYPED_FORMS = new Set([
  'IMPORT_SETTINGS_EMPTY',
  'IMPORT_SETTING_FORMAT',
  'IMPORT_SETTING_TO_FORMAT',
  'IMPORT_SETTING_HOURS',
  'IMPORT_SETTINGS_GAP',
  'IMPORT_SETTINGS_OVERLAP',
  'IMPORT_INVALID_TIME',
  'TIME_INPUT_INVALID',
  'MORNING_SMS_AT_INVALID',
]);

/**
 * A clock time written out (13:30, 13.30, 13h30, 13 h 30, 8 h) or put together from a parameter ({first}:00);
 * "+1 h" is a duration, not a time.
 */
const CLOCK_IN_TEXT = /\d{1,2}\s?[:.hu]\s?\d{2}(?!\d)|(?<![+−\d])\d{1,2}\s?h(?![a-zà-ÿ])|\}[:.h]\d{2}/i;

function clientTexts(language: 'nl' | 'fr'): Record<string, string> {
  const dir = join('client/src/i18n', language);
  const all: Record<string, string> = {};
  for (const file of readdirSync(dir)) {
    const source = readFileSync(join(dir, file), 'utf8');
    // Each part is `'key': 'text'` (or a text on the next line): read them without loading the client.
    for (const match of source.matchAll(/^\s*'([\w.]+)':\s*\n?\s*(['"`])((?:\\.|(?!\2).)*)\2/gm)) {
      all[match[1]] = match[3];
    }
  }
  return all;
}

describe('no text writes a clock time on its own', () => {
  const catalogues: [string, Record<string, string>][] = [
    ['server nl', serverNl],
    ['server fr', serverFr],
    ['client nl', clientTexts('nl')],
    ['client fr', clientTexts('fr')],
  ];

  it.each(catalogues)('%s: clock times come in as parameters, filled by shared/clock-time.ts', (_name, texts) => {
    expect(Object.keys(texts).length).toBeGreaterThan(100);
    const written = Object.entries(texts).filter(([key, text]) => !TYPED_FORMS.has(key) && CLOCK_IN_TEXT.test(text));
    expect(written).toEqual([]);
  });

  it('no code outside shared/clock-time.ts formats a clock time for people', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'gql' && name !== 'node_modules') walk(path);
        } else if (/\.tsx?$/.test(name) && !name.includes('generated') && path !== join('shared', 'clock-time.ts')) {
          const source = readFileSync(path, 'utf8');
          // Intl's own time notation, or hours and minutes glued together (`${parts.hour}:${parts.minute}`).
          if (/toLocaleTimeString|minute: '2-digit'|\.hour\)?\}[:.h]\$\{/.test(source)) offenders.push(path);
        }
      }
    };
    ['server', 'client/src', 'shared'].forEach(walk);
    // zoned-time.ts reads the wall clock through Intl's parts: it reads, it writes nothing for people.
    expect(offenders).toEqual(['shared/zoned-time.ts']);
  });
});
