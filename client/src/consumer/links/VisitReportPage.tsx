import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { formatDayMonth, formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { VISIT_REPORT_DAYS } from '../../../../shared/visit-records.js';
import { requestConsumer } from '../consumer-graphql';
import { graphql } from '../gql';
import type { VisitReportLinkQuery as VisitReportLinkData, VisitReportRefusal } from '../gql/graphql';
import { switchToOrderLocale } from './link-locale';

const VisitReportLinkQuery = graphql(`
  query VisitReportLink($token: String!) {
    visitReportLink(token: $token) {
      __typename
      ... on LinkedVisitReport {
        referenceNumber
        appointment
        outcome
        applianceBrand
        applianceModel
        partsUsed {
          name
          articleNumber
          quantity
        }
        consumerNote
        signedAt
        signatureUrl
        photos {
          kind
          url
          thumbnailUrl
          width
          height
        }
        openUntil
        country
        language
      }
      ... on VisitReportRefused {
        reason
        orderCountry
        orderLanguage
      }
    }
  }
`);

type Report = Extract<VisitReportLinkData['visitReportLink'], { __typename: 'LinkedVisitReport' }>;

/** Why there is no report to show, and the way to look the visit up: the page works, the report is gone. */
function ReportUnavailable({ reason }: { reason: VisitReportRefusal }) {
  const { t, country } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card consumer-card" aria-labelledby="report-unavailable-title">
      <h2 id="report-unavailable-title" ref={heading} tabIndex={-1}>
        {t('consumer.report.unavailableTitle')}
      </h2>
      <p>{t(`consumer.report.${reason}`, { days: VISIT_REPORT_DAYS })}</p>
      <p>
        <Link to="/index">{t(`consumer.link.lookUp.${country}`)}</Link>
      </p>
    </section>
  );
}

/** A part as the consumer reads it: "2 × Pump (A-123)". */
const partText = (part: Report['partsUsed'][number]) =>
  `${part.quantity} × ${part.name}${part.articleNumber ? ` (${part.articleNumber})` : ''}`;

/**
 * `/v/<token>/werkbon`, the work report of the finished visit of a personal link (docs/decisions/technician.md, Visit records):
 * what was done, the parts used, the note for the consumer, the signature and the photos marked for the consumer
 * (a thumbnail each, opening the photo full size), for `VISIT_REPORT_DAYS` after the visit day; then it says the
 * report is no longer available. Opening it reads only. Shown in the order's language, as the personal link is.
 */
export default function VisitReportPage() {
  const locale = useI18n();
  const { t } = locale;
  usePageTitle(t('consumer.report.pageTitle'));
  const { token = '' } = useParams();
  const [state, setState] = useState<{ report?: Report; refusal?: VisitReportRefusal; failure?: string }>({});
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once per page: reading it again would only spend the client's budget of links.
    if (started.current) return;
    started.current = true;
    requestConsumer(VisitReportLinkQuery, { token }, locale.language).then(
      ({ visitReportLink: result }) => {
        const linked = result.__typename === 'LinkedVisitReport';
        const country = linked ? result.country : result.orderCountry;
        const language = linked ? result.language : result.orderLanguage;
        // The page loads again in the order's language.
        if (country && language && switchToOrderLocale(locale, country, language, window.location.href)) return;
        setState(linked ? { report: result } : { refusal: result.reason });
      },
      (error: unknown) => setState({ failure: problemOf(error, t('common.genericError')).message }),
    );
  }, [token, locale, t]);

  const { report, refusal, failure } = state;
  useEffect(() => {
    if (report) heading.current?.focus();
  }, [report]);

  if (refusal) return <ReportUnavailable reason={refusal} />;
  if (failure) {
    return (
      <section className="card consumer-card" aria-labelledby="report-title">
        <h2 id="report-title">{t('consumer.report.pageTitle')}</h2>
        <Message tone="error">{failure}</Message>
      </section>
    );
  }
  if (!report) {
    return (
      <section className="card consumer-card" aria-labelledby="report-title" aria-busy="true">
        <h2 id="report-title">{t('consumer.report.opening')}</h2>
        <Spinner />
      </section>
    );
  }
  const visitDay = new Date(report.appointment);
  const appliance = [report.applianceBrand, report.applianceModel].filter(Boolean).join(' ');
  // The last day the report opens: the day before the instant it closes.
  const lastDay = new Date(new Date(report.openUntil).getTime() - 1);
  const signedAt = report.signedAt ? new Date(report.signedAt) : null;
  return (
    <section className="card consumer-card visit-report" aria-labelledby="report-title">
      <h2 id="report-title" ref={heading} tabIndex={-1}>
        {t('consumer.report.title', {
          date: `${formatWeekday(visitDay, locale)} ${formatDayMonth(visitDay, locale)}`,
        })}
      </h2>
      <p>{t(`consumer.progress.outcome.${report.outcome}`)}</p>
      <p>{t('consumer.ratingLink.reference', { reference: report.referenceNumber })}</p>
      <dl className="visit-report-facts">
        {appliance && (
          <>
            <dt>{t('consumer.report.appliance')}</dt>
            <dd>{appliance}</dd>
          </>
        )}
        {report.partsUsed.length > 0 && (
          <>
            <dt>{t('consumer.report.parts')}</dt>
            <dd>
              <ul>
                {report.partsUsed.map((part, index) => (
                  <li key={index}>{partText(part)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {report.consumerNote && (
          <>
            <dt>{t('consumer.report.note')}</dt>
            <dd className="visit-report-note">{report.consumerNote}</dd>
          </>
        )}
        {signedAt && (
          <>
            <dt>{t('consumer.report.signed')}</dt>
            <dd>
              {t('consumer.report.signedAt', {
                date: formatLongDate(signedAt, locale),
                time: formatTime(signedAt, locale),
              })}
              {report.signatureUrl && (
                <img
                  className="visit-report-signature"
                  src={report.signatureUrl}
                  alt={t('consumer.report.signature')}
                />
              )}
            </dd>
          </>
        )}
      </dl>
      {report.photos.length > 0 && (
        <>
          <h3>{t('consumer.report.photos')}</h3>
          <ul className="visit-report-photos">
            {report.photos.map((photo, index) => (
              <li key={photo.url}>
                <a href={photo.url}>
                  <img
                    src={photo.thumbnailUrl}
                    alt={t('consumer.report.photo', {
                      number: index + 1,
                      kind: t(`consumer.report.kind.${photo.kind}`),
                    })}
                    width={photo.width >= photo.height ? 160 : Math.round((160 * photo.width) / photo.height)}
                    height={photo.width >= photo.height ? Math.round((160 * photo.height) / photo.width) : 160}
                  />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>{t('consumer.report.openUntil', { date: formatLongDate(lastDay, locale) })}</p>
    </section>
  );
}
