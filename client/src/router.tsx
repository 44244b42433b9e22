import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from './components/Spinner';
import { NotFoundPage } from './NotFoundPage';

// Each area is its own chunk: consumers never download the technician or admin code.
const loadConsumer = () => import('./consumer/ConsumerArea');
const loadTechnician = () => import('./technician/TechnicianArea');
const loadAdmin = () => import('./admin/AdminArea');
const ConsumerArea = lazy(loadConsumer);
const TechnicianArea = lazy(loadTechnician);
const AdminArea = lazy(loadAdmin);

/** Starts downloading the area a path belongs to (main.tsx: while the texts load), as the routes below choose it. */
export function preloadArea(pathname: string): void {
  if (pathname.startsWith('/technician/')) void loadTechnician();
  else if (pathname.startsWith('/admin/')) void loadAdmin();
  else if (pathname !== '/404') void loadConsumer();
}

/** The top level (docs/rules.md, Screens and routes): the three areas, /404, and /404 for everything unknown. */
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
