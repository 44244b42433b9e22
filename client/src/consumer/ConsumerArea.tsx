import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireToken } from '../components/guards';
import { ConsumerShell } from './ConsumerShell';
import { isExternalVisit } from './consumer-token';
import { DetailsPage } from './DetailsPage';
import { ExternalPage } from './ExternalPage';
import { IndexPage } from './IndexPage';

// Components, not elements: the stored token is read each time the route renders, not once when the area mounts.
function DetailsRoute() {
  return isExternalVisit() ? <Navigate to="/external" replace /> : <DetailsPage />;
}

function ExternalRoute() {
  return isExternalVisit() ? <ExternalPage /> : <Navigate to="/details" replace />;
}

/** Consumer routes (docs/rules.md, Consumer pages): '' → index; details and external need the data token. */
export default function ConsumerArea() {
  return (
    <ConsumerShell>
      <Routes>
        <Route index element={<Navigate to="/index" replace />} />
        <Route path="index" element={<IndexPage />} />
        <Route element={<RequireToken kind="consumer" redirectTo="/index" />}>
          <Route path="details" element={<DetailsRoute />} />
          <Route path="external" element={<ExternalRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </ConsumerShell>
  );
}
