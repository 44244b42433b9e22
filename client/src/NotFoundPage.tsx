import { Link } from 'react-router-dom';
import { useI18n } from './i18n/i18n';
import { usePageTitle } from './lib/usePageTitle';

export function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t('notFound.title'));
  return (
    <main className="not-found" id="main">
      <h1>{t('notFound.title')}</h1>
      <p>
        <Link to="/" className="button button-primary">
          {t('notFound.home')}
        </Link>
      </p>
    </main>
  );
}
