import { Country, Language } from '../common/locale.js';

/**
 * The language a consumer reads about an order in: Dutch in the Netherlands, French in Belgium, as the sites
 * are (docs/rules.md, Sites). A personal link shows its page in it, whichever host the link points at.
 */
export function consumerLanguageOf(country: Country): Language {
  return country === Country.BE ? Language.FR : Language.NL;
}
