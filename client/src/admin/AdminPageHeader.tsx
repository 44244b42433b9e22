import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

/** Title of an admin screen with its 'Terug' button (to the main menu unless `back` says otherwise) and any other actions. */
export function AdminPageHeader({
  title,
  back = '/admin/main',
  children,
}: {
  title: string;
  back?: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const backLink = (
    <Link className="button button-secondary" to={back}>
      {t('common.back')}
    </Link>
  );
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? (
        <div className="toolbar">
          {backLink}
          {children}
        </div>
      ) : (
        backLink
      )}
    </div>
  );
}
