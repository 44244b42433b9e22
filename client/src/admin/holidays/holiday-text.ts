import type { Country } from '../../gql/graphql';
import { formatLocalDate } from '../../i18n/format';
import type { MessageKey } from '../../i18n/i18n';

/** The countries with holidays, in the order of the screens (NL first, the default). */
export const HOLIDAY_COUNTRIES: Country[] = ['NL', 'BE'];

const COUNTRY_NAMES: Record<Country, MessageKey> = {
  NL: 'common.country.NL',
  BE: 'common.country.BE',
};

export const countryNameKey = (country: Country): MessageKey => COUNTRY_NAMES[country];

/** "25-12-2026 (NL)": how a holiday is named in confirmations and messages. */
export const holidayName = (holiday: { date: string; country: string }) =>
  `${formatLocalDate(holiday.date)} (${holiday.country})`;
