import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { EXTERNAL_COMPANIES } from './contact-details';
import { externalCompany } from './consumer-token';

/** The visit is handled by an external company (token `external.state`): who, and how to reach them. */
export function ExternalPage() {
  const { t, country } = useI18n();
  usePageTitle(t('consumer.external.title'));
  const company = EXTERNAL_COMPANIES[externalCompany()] ?? EXTERNAL_COMPANIES[0];
  const phone = company.phone[country];
  return (
    <>
      <section className="card consumer-card" aria-labelledby="external-title">
        <h2 id="external-title">{t('consumer.external.title')}</h2>
        <p>{t('consumer.external.text', { company: company.name })}</p>
        <p>
          {t('consumer.external.contact', { company: company.name })}{' '}
          <a href={`tel:${phone.dial}`} className="consumer-phone">
            {phone.display}
          </a>
          .
        </p>
      </section>
      <p className="consumer-back">
        <Link to="/index">{t('consumer.details.newLookup')}</Link>
      </p>
    </>
  );
}
