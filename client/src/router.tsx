import { Suspense, use } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { areaComponents, areaLoaded, loadArea } from './areas';
import { Spinner } from './components/Spinner';
import { useI18n } from './i18n/i18n';
import type { Area } from './i18n/parts';
import { NotFoundPage } from './NotFoundPage';

/**
 * An area renders once its code and texts are in: at once for the page the app started on (main.tsx loaded them
 * before the first render), after a spinner (the Suspense below) when a link leads into another area.
 */
function AreaRoute({ area }: { area: Area }) {
  const { texts } = useI18n();
  if (!areaLoaded(area, texts)) use(loadArea(area, texts));
  // Loaded now: `use` waited for loadArea.
  const Component = areaComponents[area]!;
  return <Component />;
}

/** The top level (docs/rules.md, Screens and routes): the three areas, /404, and /404 for everything unknown. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/technician/*" element={<AreaRoute area="technician" />} />
        <Route path="/admin/*" element={<AreaRoute area="admin" />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/*" element={<AreaRoute area="consumer" />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
