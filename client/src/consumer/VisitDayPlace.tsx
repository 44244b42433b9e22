import { formatTime } from '../i18n/format';
import { useI18n, type Translate } from '../i18n/i18n';
import type { Locale } from '../i18n/locale';
import type { VisitDayMoment } from './gql/graphql';

export interface VisitDayPlaceState {
  today: boolean;
  position: number;
  visitsBefore: number;
  moment: VisitDayMoment;
  expectedFrom?: string | null;
  expectedUntil?: string | null;
  lateArrival?: string | null;
}

/** 1 → "1e" / "1er", 3 → "3e" / "3e". */
const ordinal = (position: number, locale: Locale) =>
  locale.language === 'fr' && position === 1 ? '1er' : `${position}e`;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Nog 2 bezoeken voor u" → "Jan is nu bij het bezoek vóór u" → "Jan is onderweg naar u": counts only. */
function momentText(t: Translate, place: VisitDayPlaceState, name: string): string {
  switch (place.moment) {
    case 'VISITS_BEFORE':
      return place.visitsBefore === 1
        ? t('consumer.day.oneVisitBefore')
        : t('consumer.day.visitsBefore', { count: place.visitsBefore });
    case 'AT_VISIT_BEFORE':
      return t('consumer.day.atVisitBefore', { name: capitalized(name) });
    case 'NEXT':
      return t('consumer.day.next', { name });
    case 'ON_THE_WAY':
      return t('consumer.day.onTheWay', { name: capitalized(name) });
    default:
      return '';
  }
}

/**
 * The visit's place in the technician's confirmed day and, on the day, the narrow expected time, said to be an
 * estimate beside the window that stays the promise. Nothing of another customer: the server sends counts only.
 * A polite live region, so each step of the day is announced as it comes.
 */
export function VisitDayPlace({ place, technician }: { place: VisitDayPlaceState; technician: string | null }) {
  const locale = useI18n();
  const { t } = locale;
  const name = technician ?? t('consumer.day.technician');
  const reached = place.moment === 'REACHED';
  const late = place.lateArrival ? formatTime(new Date(place.lateArrival), locale) : null;
  return (
    <div className="visit-day-place" role="status" aria-live="polite">
      {!reached && (
        <p>
          {t(place.today ? 'consumer.day.placeToday' : 'consumer.day.placeThatDay', {
            ordinal: ordinal(place.position, locale),
            name,
          })}{' '}
          {place.today && momentText(t, place, name)}
        </p>
      )}
      {late ? (
        <p className="visit-day-late">{t('consumer.day.late', { name: capitalized(name), time: late })}</p>
      ) : (
        place.expectedFrom &&
        place.expectedUntil && (
          <p className="visit-day-expected">
            <strong>
              {t('consumer.day.expected', {
                from: formatTime(new Date(place.expectedFrom), locale),
                until: formatTime(new Date(place.expectedUntil), locale),
              })}
            </strong>{' '}
            <span className="muted">{t('consumer.day.estimate')}</span>
          </p>
        )
      )}
    </div>
  );
}
