import { Link } from 'react-router-dom';
import { Message } from '../components/Message';
import { Spinner } from '../components/Spinner';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { usePageTitle } from '../lib/usePageTitle';
import { useConsumerQuery } from './consumer-graphql';
import { graphql } from './gql';

const ExternalContactQuery = graphql(`
  query ExternalContact($country: Country!) {
    consumerContact(country: $country) {
      externalCompany {
        name
        phone {
          display
          dial
        }
      }
    }
  }
`);

/** The visit is handled by an external company (token `external.state`): who, and how to reach them. */
export function ExternalPage() {
  const { t, country } = useI18n();
  usePageTitle(t('consumer.external.title'));
  const { data, error } = useConsumerQuery(ExternalContactQuery, { country });
  const company = data?.consumerContact.externalCompany;
  if (error) return <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>;
  if (!company) return <Spinner />;
  return (
    <>
      <section className="card consumer-card" aria-labelledby="external-title">
        <h2 id="external-title">{t('consumer.external.title')}</h2>
        <p>{t('consumer.external.text', { company: company.name })}</p>
        <p>
          {t('consumer.external.contact', { company: company.name })}{' '}
          <a href={`tel:${company.phone.dial}`} className="consumer-phone">
            {company.phone.display}
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
