import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/usePageTitle';

/** admin/main: the console's landing page (docs/rules.md, Screens and routes). */
export function OverviewPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.overview.title'));
  return (
    <section>
      <h1>{t('admin.overview.title')}</h1>
    </section>
  );
}
