import { describe, expect, it } from 'vitest';
import { Country, Language, languageFromRequest, localeFromHost } from '../../../server/common/locale.js';

describe('country and language from the host', () => {
  it.each([
    ['afspraak.nl.example.com', Country.NL, Language.NL],
    ['afspraak.be.example.com', Country.BE, Language.NL],
    ['rendezvous.be.example.com', Country.BE, Language.FR],
    ['rendezvous.be.anything:8080', Country.BE, Language.FR],
    ['RENDEZVOUS.BE.EXAMPLE', Country.BE, Language.FR],
    ['localhost:3000', Country.NL, Language.NL],
    ['www.de.example.com', Country.NL, Language.NL],
  ])('%s → %s, %s', (host, country, language) => {
    expect(localeFromHost(host)).toEqual({ country, language });
  });

  it('lets the first Accept-Language tag choose between nl and fr, else the host decides', () => {
    expect(languageFromRequest('afspraak.nl.example', 'fr-BE,fr;q=0.9')).toBe(Language.FR);
    expect(languageFromRequest('rendezvous.be.example', 'nl')).toBe(Language.NL);
    expect(languageFromRequest('rendezvous.be.example', 'en-US,nl;q=0.5')).toBe(Language.FR);
    expect(languageFromRequest('afspraak.nl.example', undefined)).toBe(Language.NL);
  });
});
