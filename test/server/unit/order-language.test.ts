import { describe, expect, it } from 'vitest';
import { Country, Language } from '../../../server/common/locale.js';
import { orderLanguageOf, regionLanguageOf } from '../../../server/orders/order-language.js';

describe("the language a Belgian postcode's region decides", () => {
  it.each([
    // Brussels-Capital is bilingual: the country's language (null) from its first to its last code.
    ['1000', null],
    ['1299', null],
    ['1300', Language.FR], // Walloon Brabant
    ['1499', Language.FR],
    ['1500', Language.NL], // Flemish Brabant (Halle-Vilvoorde)
    ['1999', Language.NL],
    ['2000', Language.NL], // Antwerp
    ['2999', Language.NL],
    ['3000', Language.NL], // Flemish Brabant (Leuven)
    ['3499', Language.NL],
    ['3500', Language.NL], // Limburg
    ['3999', Language.NL],
    ['4000', Language.FR], // Liège
    ['4999', Language.FR],
    ['5000', Language.FR], // Namur
    ['5999', Language.FR],
    ['6000', Language.FR], // Hainaut
    ['6599', Language.FR],
    ['6600', Language.FR], // Luxembourg
    ['6999', Language.FR],
    ['7000', Language.FR], // Hainaut
    ['7999', Language.FR],
    ['8000', Language.NL], // West Flanders
    ['8999', Language.NL],
    ['9000', Language.NL], // East Flanders: Gent
    ['9999', Language.NL],
    [' 9000 ', Language.NL],
    // Not a Belgian postcode: nothing decided.
    ['0999', null],
    ['900', null],
    ['90000', null],
    ['B-9000', null],
  ])('%s → %s', (zipcode, language) => {
    expect(regionLanguageOf(Country.BE, zipcode)).toBe(language);
  });

  it('decides nothing in the Netherlands, whose codes look alike', () => {
    expect(regionLanguageOf(Country.NL, '4000')).toBeNull();
    expect(regionLanguageOf(Country.NL, '9000AB')).toBeNull();
  });

  it("reads an order in its own language, else its country's", () => {
    expect(orderLanguageOf({ language: Language.NL, country: Country.BE })).toBe(Language.NL);
    expect(orderLanguageOf({ language: null, country: Country.BE })).toBe(Language.FR);
    expect(orderLanguageOf({ language: null, country: Country.NL })).toBe(Language.NL);
    expect(orderLanguageOf({ language: Language.FR, country: Country.NL })).toBe(Language.FR);
  });
});
