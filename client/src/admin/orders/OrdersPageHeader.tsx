import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';

/** Title of an orders screen with the 'Terug' button to the admin menu. */
export function OrdersPageHeader({ title }: { title: string }) {
  const { t } = useI18n();
  return (
    <div className="page-header">
      <h1>{title}</h1>
      <Link className="button button-secondary" to="/admin/main">
        {t('common.back')}
      </Link>
    </div>
  );
}
