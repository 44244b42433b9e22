import { useI18n, type MessageKey } from '../i18n/i18n';
import { usePageTitle } from '../lib/usePageTitle';

/** Placeholder of a screen whose feature has not landed yet. */
export function ComingSoon({ title }: { title: MessageKey }) {
  const { t } = useI18n();
  usePageTitle(t(title));
  return (
    <section className="card">
      <h1>{t(title)}</h1>
      <p>{t('common.comingSoon')}</p>
    </section>
  );
}
