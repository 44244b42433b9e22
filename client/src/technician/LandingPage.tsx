import { useQuery } from '@apollo/client/react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { graphql } from '../gql';
import type { TechnicianTodayPageQuery as TodayData } from '../gql/graphql';
import { landingPath } from './landing';
import { readSnapshot } from './offline/offline-snapshot';
import { readQueue } from './offline/status-queue';

const TechnicianLandingQuery = graphql(`
  query TechnicianLanding {
    technicianToday {
      orders {
        id
        status {
          stage
        }
      }
    }
  }
`);

/**
 * `/technician` and the end of a sign-in: opens where the work is (docs/decisions.md, "The technician's phone:
 * full addresses"). Without a connection, the copy of today on the phone decides.
 */
export function LandingPage() {
  const { data, error } = useQuery(TechnicianLandingQuery, { fetchPolicy: 'network-only' });
  if (!data && !error) return <Spinner />;
  let todayStages = data ? data.technicianToday.orders.map((order) => order.status?.stage ?? null) : null;
  if (!data) {
    const copy = readSnapshot<TodayData>('today');
    if (copy && copy !== 'expired') {
      todayStages = copy.data.technicianToday.orders.map((order) => order.status?.stage ?? null);
    }
  }
  return <Navigate to={landingPath({ todayStages, waitingTaps: readQueue().length })} replace />;
}
