import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { RequireToken } from '../components/guards';
import { ConsumerShell } from './ConsumerShell';
import { isExternalVisit } from './consumer-token';
import { DetailsPage } from './DetailsPage';
import { ExternalPage } from './ExternalPage';
import { IndexPage } from './IndexPage';
import { AccessibilityStatementPage } from './AccessibilityStatementPage';
import './consumer.css';

// The personal link's pages load on their own: the consumer index page stays small.
const PersonalLinkPage = lazy(() => import('./links/PersonalLinkPage'));
const UnsubscribePage = lazy(() => import('./links/UnsubscribePage'));
const RatingLinkPage = lazy(() => import('./links/RatingLinkPage'));
const VisitReportPage = lazy(() => import('./links/VisitReportPage'));

const loading = (page: ReactNode) => <Suspense fallback={<Spinner />}>{page}</Suspense>;

// Components, not elements: the stored token is read each time the route renders, not once when the area mounts.
function DetailsRoute() {
  return isExternalVisit() ? <Navigate to="/external" replace /> : <DetailsPage />;
}

function ExternalRoute() {
  return isExternalVisit() ? <ExternalPage /> : <Navigate to="/details" replace />;
}

/**
 * Consumer routes (docs/rules.md, Consumer pages): '' → index; details and external need the data token; v/<token>
 * is the personal link of a message (docs/rules.md, Personal link); b/<token> the rating link of a thank-you, which
 * rates its visit and opens nothing else (docs/rules.md, Rating link); v/<token>/werkbon the work report of its visit;
 * toegankelijkheid (or accessibilite) the accessibility statement, linked from the footer.
 */
export default function ConsumerArea() {
  return (
    <ConsumerShell>
      <Routes>
        <Route index element={<Navigate to="/index" replace />} />
        <Route path="index" element={<IndexPage />} />
        <Route path="v/:token" element={loading(<PersonalLinkPage />)} />
        <Route path="v/:token/afmelden" element={loading(<UnsubscribePage />)} />
        <Route path="v/:token/werkbon" element={loading(<VisitReportPage />)} />
        <Route path="b/:token" element={loading(<RatingLinkPage />)} />
        <Route path="toegankelijkheid" element={<AccessibilityStatementPage />} />
        <Route path="accessibilite" element={<AccessibilityStatementPage />} />
        <Route element={<RequireToken kind="consumer" redirectTo="/index" />}>
          <Route path="details" element={<DetailsRoute />} />
          <Route path="external" element={<ExternalRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </ConsumerShell>
  );
}
