import { lazy, Suspense } from 'react';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import './explorer.css';

/** GraphiQL and its editor (Monaco) are large: loaded when this page opens, never with the rest of the console. */
const GraphiqlExplorer = lazy(() => import('./GraphiqlExplorer'));

/**
 * Screen 'API-verkenner': GraphQL tried out against the live data with the admin's own session, beside the
 * integrators' documentation. What it runs is real: a mutation changes orders as the console would.
 */
export function ExplorerPage() {
  const { t, language } = useI18n();
  usePageTitle(t('admin.explorer.title'));
  return (
    <section className="explorer-page">
      <AdminPageHeader title={t('admin.explorer.title')}>
        <a className="button button-secondary" href="/api-docs/integrators">
          {t('admin.explorer.docs')}
        </a>
      </AdminPageHeader>
      <p>{t('admin.explorer.intro')}</p>
      <div className="explorer-warning">
        <Message tone="warning">{t('admin.explorer.warning')}</Message>
      </div>
      <p className="explorer-keys">{t('admin.explorer.keyboard')}</p>
      <Suspense fallback={<Spinner />}>
        <GraphiqlExplorer language={language} />
      </Suspense>
    </section>
  );
}
