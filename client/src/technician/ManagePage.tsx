import { useQuery } from '@apollo/client/react';
import { Message } from '../components/Message';
import { Spinner } from '../components/Spinner';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { TIME_ZONE } from '../i18n/locale';
import { problemOf } from '../lib/errors';
import { usePageTitle } from '../lib/usePageTitle';
import { Planner } from './manage/Planner';
import { readSnapshot, saveSnapshot } from './offline/offline-snapshot';
import type { TechnicianPlannerPageQuery as PlannerPageData } from '../gql/graphql';
import { useEffect, useState } from 'react';

const TechnicianPlannerPageQuery = graphql(`
  query TechnicianPlannerPage {
    serverInfo {
      now
    }
    technicianSchedule {
      ...Planner_schedule
    }
  }
`);

/**
 * The daily planner (docs/rules.md, Planner day): the schedule of the next working day, to shift and confirm.
 * Without a connection it shows the copy last loaded on this phone, read-only.
 */
export function ManagePage() {
  const { t, country } = useI18n();
  usePageTitle(t('technician.manage.pageTitle'));
  // Always from the server: a planner must never show a stale day or a stale lock.
  const { data, error, loading, refetch } = useQuery(TechnicianPlannerPageQuery, { fetchPolicy: 'network-only' });
  const [stored] = useState(() => readSnapshot<PlannerPageData>('planner'));
  const snapshot = stored === 'expired' ? null : stored;
  useEffect(() => {
    // The day is the technician's; both countries' zones keep the same time, so the site's zone serves.
    if (data?.technicianSchedule) {
      saveSnapshot('planner', data, {
        date: data.technicianSchedule.date,
        zone: TIME_ZONE[country],
        serverNow: data.serverInfo.now,
      });
    }
  }, [data, country]);
  const offline = !data && !loading && error !== undefined && problemOf(error, '').code === 'NETWORK';

  if (offline && snapshot) {
    return (
      <Planner
        schedule={snapshot.data.technicianSchedule}
        serverNow={new Date(snapshot.data.serverInfo.now)}
        offlineSavedAt={snapshot.savedAt}
      />
    );
  }
  if (data?.technicianSchedule) {
    return (
      <Planner
        key={data.technicianSchedule.date}
        schedule={data.technicianSchedule}
        serverNow={new Date(data.serverInfo.now)}
      />
    );
  }
  return (
    <section className="planner">
      <div className="page-header">
        <h1>{t('technician.manage.pageTitle')}</h1>
      </div>
      {loading && <Spinner />}
      <Message tone="error">
        {error && !loading
          ? offline && stored === 'expired'
            ? t('technician.offline.copyExpired')
            : problemOf(error, t('common.genericError')).message
          : null}
      </Message>
      {error && !loading && (
        <button type="button" className="button button-secondary" onClick={() => void refetch().catch(() => undefined)}>
          {t('technician.manage.retry')}
        </button>
      )}
    </section>
  );
}
