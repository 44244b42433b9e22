import { Country, Language } from '../common/locale.js';

/**
 * Belgian postcodes by language region (bpost's numbering: the first digits name the province). Flanders reads Dutch,
 * Wallonia French; the German-speaking municipalities (47xx, 4780–4791) lie in Liège and are told in French, the one
 * of our two languages they share. Brussels (1000–1299) is in neither list: bilingual, it gets the country's language.
 */
const BELGIAN_REGIONS: readonly { from: number; to: number; language: Language }[] = [
  { from: 1300, to: 1499, language: Language.FR }, // Walloon Brabant
  { from: 1500, to: 1999, language: Language.NL }, // Flemish Brabant (Halle-Vilvoorde)
  { from: 2000, to: 2999, language: Language.NL }, // Antwerp
  { from: 3000, to: 3499, language: Language.NL }, // Flemish Brabant (Leuven)
  { from: 3500, to: 3999, language: Language.NL }, // Limburg
  { from: 4000, to: 4999, language: Language.FR }, // Liège
  { from: 5000, to: 5999, language: Language.FR }, // Namur
  { from: 6000, to: 6599, language: Language.FR }, // Hainaut
  { from: 6600, to: 6999, language: Language.FR }, // Luxembourg
  { from: 7000, to: 7999, language: Language.FR }, // Hainaut
  { from: 8000, to: 8999, language: Language.NL }, // West Flanders
  { from: 9000, to: 9999, language: Language.NL }, // East Flanders
];

/**
 * The language an address decides for its consumer (docs/rules.md, Consumer language): a Belgian postcode's region,
 * null where the address decides nothing (the Netherlands, Brussels, a postcode we cannot read): the country's
 * language applies, the one its message settings name for messages.
 */
export function regionLanguageOf(country: Country, zipcode: string): Language | null {
  if (country !== Country.BE || !/^\d{4}$/.test(zipcode.trim())) return null;
  const code = Number(zipcode.trim());
  return BELGIAN_REGIONS.find((region) => code >= region.from && code <= region.to)?.language ?? null;
}

/** The country's own language, where neither the consumer nor the address chose: Dutch in NL, French in BE. */
export function countryLanguageOf(country: Country): Language {
  return country === Country.BE ? Language.FR : Language.NL;
}

/** The language an order's consumer reads in: the one chosen for the order, else the country's. */
export function orderLanguageOf(order: { language: Language | null; country: Country }): Language {
  return order.language ?? countryLanguageOf(order.country);
}
