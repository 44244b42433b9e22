import { rememberLocale, type Country, type Locale } from '../../i18n/locale';

/** The server's `Language` enum value as the client's language code. */
export const languageCode = (language: 'NL' | 'FR'): Locale['language'] => (language === 'FR' ? 'fr' : 'nl');

/**
 * Switches to the order's locale when it differs from the page's, by loading `target` again with it kept for
 * the session (the texts of one language are loaded at start-up). False when nothing had to change, or the
 * locale cannot be kept (then the page stays in the site's language rather than reloading for ever).
 */
export function switchToOrderLocale(current: Locale, country: Country, language: 'NL' | 'FR', target: string): boolean {
  const wanted: Locale = { country, language: languageCode(language) };
  if (wanted.country === current.country && wanted.language === current.language) return false;
  if (!rememberLocale(wanted, window.sessionStorage)) return false;
  window.location.replace(target);
  return true;
}
