import { describe, expect, it } from 'vitest';
import { texts as admin } from '../../../client/src/i18n/fr/admin.js';
import { texts as common } from '../../../client/src/i18n/fr/common.js';
import { texts as consumer } from '../../../client/src/i18n/fr/consumer.js';
import { texts as staff } from '../../../client/src/i18n/fr/staff.js';
import { texts as technician } from '../../../client/src/i18n/fr/technician.js';
import { fr as server } from '../../../server/common/i18n/fr.js';

const CATALOGUES: Record<string, Record<string, string>> = {
  'client fr/admin': admin,
  'client fr/common': common,
  'client fr/consumer': consumer,
  'client fr/staff': staff,
  'client fr/technician': technician,
  'server fr': server,
};

/**
 * French sets a space before ? ! : ; and inside « »; a plain one lets a line break leave the mark alone at the
 * start of the next line (a narrow or plain no-break space keeps it with its word).
 */
const PLAIN_SPACE_AT_A_MARK = / [?!:;»]|« /;

describe('French texts', () => {
  it('put a no-break space, never a plain one, before ? ! : ; and inside « »', () => {
    const plain = Object.entries(CATALOGUES).flatMap(([catalogue, texts]) =>
      Object.entries(texts)
        .filter(([, text]) => PLAIN_SPACE_AT_A_MARK.test(text))
        .map(([key, text]) => `${catalogue} ${key}: ${text}`),
    );
    expect(plain).toEqual([]);
  });

  it('finds a plain space where one slipped in', () => {
    expect(PLAIN_SPACE_AT_A_MARK.test('Votre rendez-vous ?')).toBe(true);
    expect(PLAIN_SPACE_AT_A_MARK.test('« Terminée\u00a0»')).toBe(true);
    expect(PLAIN_SPACE_AT_A_MARK.test('Votre rendez-vous\u00a0?')).toBe(false);
    expect(PLAIN_SPACE_AT_A_MARK.test('Note\u202f: 13\u00a0h')).toBe(false);
  });
});
