import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { readSnapshot, saveSnapshot } from '../offline/offline-snapshot';
import { TechnicianTodayPageQuery, type TodayData } from './today-documents';

/**
 * Today's visits: from the server, kept on the phone as they arrive, and shown from that copy when there is no
 * connection. Also the server's time as this phone best knows it, for arrival estimates.
 */
export function useTodayDay() {
  const { country } = useI18n();
  const { data, error, loading, refetch } = useQuery(TechnicianTodayPageQuery, { fetchPolicy: 'network-only' });
  const [stored] = useState(() => readSnapshot<TodayData>('today'));
  const snapshot = stored === 'expired' ? null : stored;
  // The phone's clock may be off: estimates count from the server's time, as last heard.
  const skew = useRef(
    snapshot ? new Date(snapshot.data.serverInfo.now).getTime() - new Date(snapshot.savedAt).getTime() : 0,
  );
  const now = useCallback(() => new Date(Date.now() + skew.current), []);

  useEffect(() => {
    if (!data) return;
    // The day is the technician's; both countries' zones keep the same time, so the site's zone serves.
    saveSnapshot('today', data, {
      date: data.technicianToday.date,
      zone: TIME_ZONE[country],
      serverNow: data.serverInfo.now,
    });
    skew.current = new Date(data.serverInfo.now).getTime() - Date.now();
  }, [data, country]);

  const reload = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const offline = !data && !loading && error !== undefined && problemOf(error, '').code === 'NETWORK';
  const shown = data ?? (offline ? snapshot?.data : undefined);
  /** The copy on the phone when it is what shows (read when the connection failed), for its time. */
  const shownCopy = offline ? snapshot : null;
  return { shown, shownCopy, stored, offline, error, loading, now, reload };
}

/** Back online after opening offline: read the day again. */
export function useReadAgainWhenOnline(reload: () => void) {
  useEffect(() => {
    const online = () => reload();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [reload]);
}
