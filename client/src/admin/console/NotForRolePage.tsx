import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * A console page the signed-in role may not use, reached by a typed or shared address: said in the user's language
 * with the way back, instead of the server's refusal. The focus is on the heading, so a screen reader reads it first.
 */
export function NotForRolePage() {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('admin.notForRole.title'));
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <section className="not-for-role">
      <h1 ref={heading} tabIndex={-1}>
        {t('admin.notForRole.title')}
      </h1>
      <p>{t('admin.notForRole.body')}</p>
      <p>
        <Link className="button button-primary" to="/admin/main">
          {t('admin.notForRole.back')}
        </Link>
      </p>
    </section>
  );
}
