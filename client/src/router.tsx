import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from './components/Spinner';
import { NotFoundPage } from './NotFoundPage';

// Each area is its own chunk: consumers never download the technician or admin code.
const ConsumerArea = lazy(() => import('./consumer/ConsumerArea'));
const TechnicianArea = lazy(() => import('./technician/TechnicianArea'));
const AdminArea = lazy(() => import('./admin/AdminArea'));

/** Top level of spec section 2: the three areas, /404, and /404 for everything unknown. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/technician/*" element={<TechnicianArea />} />
        <Route path="/admin/*" element={<AdminArea />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/*" element={<ConsumerArea />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
