import { useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { minutesLate } from '../../../../shared/visit-lateness.js';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country, VisitBoardPageQuery as VisitBoardPageData } from '../../gql/graphql';
import { TIME_ZONE } from '../../i18n/locale';
import { formatDayMonth, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { StreamContext } from '../../lib/stream-link';
import { usePageTitle } from '../../lib/usePageTitle';
import { useServerMinute } from '../../lib/server-clock';
import { CountrySelect } from '../data/CountrySelect';
import { orderPagePath } from '../orders/order-links';
import { shownVisit, type ShownVisit, type VisitChange } from './board-visits';
import { BoardTimeline } from './BoardTimeline';
import { timelineSpan } from './board-timeline';
import { useSparingAnnouncer } from './useSparingAnnouncer';
import './board-timeline.css';

const VisitBoardPageQuery = graphql(`
  query VisitBoardPage($country: Country) {
    visitBoard(country: $country) {
      country
      date
      now
      truncated
      technicians {
        technicianId
        name
        visits {
          orderId
          referenceNumber
          customerName
          appointment
          end
          city
          reply
          stage
          expectedArrival
          outcome
          reachedAt
          expectedLate
          expectedLateAfter
        }
      }
    }
  }
`);

const BoardVisitChangedSubscription = graphql(`
  subscription BoardVisitChanged {
    boardVisitChanged {
      orderId
      technicianId
      stage
      expectedArrival
      outcome
      changedAt
    }
  }
`);

type BoardData = VisitBoardPageData['visitBoard'];

const COUNTRIES: readonly Country[] = ['NL', 'BE'];
/** A burst of changes (a technician taps on through his day) is followed by one reading of the board, not one each. */
const REREAD_AFTER_CHANGE_MS = 1_000;

/**
 * admin/board, the office's board of today (docs/rules.md, Late visits): per technician a timeline of the day and
 * the visits in the order of their windows with customer, reply, status, expected arrival and outcome, the late ones
 * marked by the one rule (shared/visit-lateness.ts). Changes arrive over the board's stream and show at once; on every
 * (re)connection the board is read anew, so nothing missed while away stays missed. Lateness is counted again each
 * minute on the server's clock, without waiting for a change.
 */
export function VisitBoardPage() {
  const { t, language, country: siteCountry } = useI18n();
  usePageTitle(t('admin.board.title'));
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('country');
  const country = COUNTRIES.find((candidate) => candidate === asked) ?? siteCountry;
  const { data, previousData, error, refetch } = useQuery(VisitBoardPageQuery, {
    variables: { country },
    fetchPolicy: 'cache-and-network',
  });
  const board = data?.visitBoard.country === country ? data.visitBoard : undefined;
  const shown = board ?? (previousData?.visitBoard.country === country ? previousData.visitBoard : undefined);
  const now = useServerMinute(board?.now);
  const [announcement, announce] = useSparingAnnouncer();

  // The latest state per order from the stream, for the board it arrived after: a board read later holds it.
  const [live, setLive] = useState<{ board?: BoardData; byOrder: ReadonlyMap<number, VisitChange> }>({
    byOrder: new Map(),
  });
  const latest = useRef({ shown, t });
  useEffect(() => {
    latest.current = { shown, t };
  });
  const reload = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  // A change moves the estimates of the technician's later visits, which only the server makes: the board is read
  // again once the burst is over, and marks a visit that turned expected late (docs/decisions/live.md).
  const rereadTimer = useRef<number | undefined>(undefined);
  const rereadSoon = useCallback(() => {
    window.clearTimeout(rereadTimer.current);
    rereadTimer.current = window.setTimeout(reload, REREAD_AFTER_CHANGE_MS);
  }, [reload]);
  useEffect(() => () => window.clearTimeout(rereadTimer.current), []);
  const context = useMemo<StreamContext>(() => ({ onStreamConnected: reload }), [reload]);
  useSubscription(BoardVisitChangedSubscription, {
    context,
    onData: ({ data: result }) => {
      const change = result.data?.boardVisitChanged;
      const current = latest.current.shown;
      if (!change || !current) return;
      const technician = current.technicians.find((group) => group.visits.some((v) => v.orderId === change.orderId));
      // Another country's or another day's visit.
      if (!technician) return;
      // Given to another technician: the board's grouping changes, so it is read anew.
      if ((change.technicianId ?? null) !== technician.technicianId) {
        reload();
        return;
      }
      setLive((known) => ({
        board: current,
        byOrder: new Map(known.board === current ? known.byOrder : []).set(change.orderId, change),
      }));
      rereadSoon();
      const visit = technician.visits.find((v) => v.orderId === change.orderId)!;
      const say = latest.current.t;
      announce(
        say('admin.board.announceChange', {
          name: technician.name ?? say('admin.board.noTechnician'),
          reference: visit.referenceNumber,
          status: say(`visit.stage.${change.stage}`),
        }),
      );
    },
  });

  const changes = live.board === shown ? live.byOrder : undefined;
  const technicians = useMemo(
    () =>
      (shown?.technicians ?? []).map((group) => ({
        ...group,
        visits: group.visits.map((visit) => shownVisit(visit, changes?.get(visit.orderId), now)),
      })),
    [shown, changes, now],
  );

  // A visit that turns late (a minute passed, or a status came) is said once.
  const lateSeen = useRef<{ board?: BoardData; late: ReadonlySet<number> }>({ late: new Set() });
  useEffect(() => {
    const late = new Set<number>();
    const newlyLate: string[] = [];
    const seen = lateSeen.current.board === shown ? lateSeen.current.late : null;
    for (const group of technicians) {
      for (const visit of group.visits) {
        if (!visit.lateness) continue;
        late.add(visit.orderId);
        if (seen && !seen.has(visit.orderId)) newlyLate.push(visit.referenceNumber);
      }
    }
    lateSeen.current = { board: shown, late };
    if (newlyLate.length > 0) announce(t('admin.board.announceLate', { references: newlyLate.join(', ') }));
  }, [technicians, shown, announce, t]);

  const locale = { language, country };
  const time = (value: string) => formatTime(new Date(value), locale);
  const zone = TIME_ZONE[country];
  const windowText = (visit: ShownVisit) => `${time(visit.appointment)}–${time(visit.end)}`;
  // The late mark says why in words, the arrival in the reader's clock notation; the colour only helps the eye.
  const lateText = (visit: ShownVisit) =>
    visit.lateness === 'ARRIVED_LATE' && visit.reachedAt
      ? t('admin.board.late.ARRIVED_LATE', {
          time: time(visit.reachedAt),
          minutes: minutesLate(new Date(visit.end), new Date(visit.reachedAt)),
        })
      : visit.lateness === 'NOT_ARRIVED'
        ? t('admin.board.late.NOT_ARRIVED')
        : null;
  const span = timelineSpan(
    technicians.flatMap((group) => group.visits),
    zone,
  );
  const lateCount = technicians.reduce((sum, group) => sum + group.visits.filter((v) => v.lateness).length, 0);
  const visitCount = technicians.reduce((sum, group) => sum + group.visits.length, 0);
  const day = shown ? new Date(`${shown.date}T12:00:00Z`) : null;

  return (
    <section className="board-page">
      <div className="page-header">
        <h1>{t('admin.board.title')}</h1>
        {shown && (
          <p className="overview-updated">
            {t('admin.board.updatedAt', { time: formatTime(new Date(shown.now), locale) })}
          </p>
        )}
      </div>
      <div className="board-toolbar">
        <CountrySelect value={country} onChange={(chosen) => setSearchParams({ country: chosen })} />
        <p className="board-live-note">{t('admin.board.liveNote')}</p>
      </div>
      {/* What changed, said sparingly: a screen reader is not read every tap of every technician. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <Message tone="error">{error ? t('admin.board.loadFailed') : null}</Message>
      {!shown ? (
        !error && <Spinner />
      ) : (
        <>
          <h2 className="board-day">
            {t('admin.overview.countryDay', {
              country: t(`common.country.${country}`),
              day: day ? `${formatWeekday(day, locale)} ${formatDayMonth(day, locale)}` : '',
            })}
          </h2>
          <p className="board-summary">
            {visitCount === 0
              ? t('admin.board.empty')
              : t('admin.board.summary', { count: visitCount, late: lateCount })}
          </p>
          {shown.truncated && <Message tone="warning">{t('admin.board.truncated', { count: visitCount })}</Message>}
          {technicians.map((group) => {
            const name = group.name ?? t('admin.board.noTechnician');
            const headingId = `${id}-${group.technicianId ?? 'none'}`;
            const late = group.visits.filter((visit) => visit.lateness).length;
            return (
              <section key={group.technicianId ?? 'none'} className="board-technician" aria-labelledby={headingId}>
                <h3 id={headingId}>
                  {name}{' '}
                  <span className="board-technician-count">
                    {t('admin.board.technicianSummary', { count: group.visits.length, late })}
                  </span>
                </h3>
                <BoardTimeline
                  name={name}
                  visits={group.visits}
                  span={span}
                  zone={zone}
                  windowText={windowText}
                  lateText={lateText}
                />
                <div className="table-wrap">
                  <table className="board-table">
                    <caption className="visually-hidden">{t('admin.board.caption', { name })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.board.window')}</th>
                        <th scope="col">{t('admin.board.reference')}</th>
                        <th scope="col">{t('admin.board.customer')}</th>
                        <th scope="col">{t('admin.board.status')}</th>
                        <th scope="col">{t('admin.board.expectedArrival')}</th>
                        <th scope="col">{t('admin.board.outcome')}</th>
                        <th scope="col">{t('admin.board.reply')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {group.visits.map((visit) => (
                        <tr key={visit.orderId} className={visit.lateness ? 'board-row-late' : undefined}>
                          <td className="board-window">{windowText(visit)}</td>
                          <th scope="row">
                            <Link to={orderPagePath(visit.referenceNumber)}>{visit.referenceNumber}</Link>
                          </th>
                          <td>
                            {visit.customerName}
                            <span className="board-city">{visit.city}</span>
                          </td>
                          <td>
                            <span className={`badge badge-stage badge-stage-${visit.stage.toLowerCase()}`}>
                              {t(`visit.stage.${visit.stage}`)}
                            </span>
                            {visit.lateness && <span className="badge badge-late">{lateText(visit)}</span>}
                            {!visit.lateness &&
                              visit.expectedLate &&
                              (visit.stage === 'PLANNED' || visit.stage === 'ON_THE_WAY') && (
                                <span className="badge badge-late">
                                  {t('admin.board.expectedLate', { time: time(visit.expectedLate) })}
                                </span>
                              )}
                          </td>
                          <td>{visit.expectedArrival ? time(visit.expectedArrival) : t('admin.board.none')}</td>
                          <td>{visit.outcome ? t(`visit.outcome.${visit.outcome}`) : t('admin.board.none')}</td>
                          <td>
                            {visit.reply ? (
                              <span
                                className={`badge badge-reply-${visit.reply === 'CONFIRMED' ? 'at_home' : 'call_me'}`}
                              >
                                {t(`admin.board.reply.${visit.reply}`)}
                              </span>
                            ) : (
                              t('admin.board.none')
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            );
          })}
        </>
      )}
    </section>
  );
}
