import { useQuery } from '@apollo/client/react';
import { localDateOf } from '../../../../shared/zoned-time.js';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { AssignmentFields } from './order-create/AssignmentFields';
import { CustomerFields } from './order-create/CustomerFields';
import { useOrderCreate } from './order-create/useOrderCreate';
import { VisitFields } from './order-create/VisitFields';
import { StatusMessages } from './StatusMessages';

const OrderCreatePageQuery = graphql(`
  query OrderCreatePage {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

/** A new order typed in by the office: the customer, the visit's day and window, and who goes. */
export function OrderCreatePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.menu.createOrder'));
  const page = useQuery(OrderCreatePageQuery);
  const form = useOrderCreate();

  if (page.loading && !page.data) return <Spinner />;
  if (!page.data) {
    return <Message tone="error">{problemOf(page.error, t('common.genericError')).message}</Message>;
  }
  // The first day offered is today in the order's country, by the server's clock.
  const today = localDateOf(new Date(page.data.serverInfo.now), TIME_ZONE[form.country]);

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.createOrder')} />
      <form className="card form order-form" noValidate onSubmit={(event) => void form.submit(event)}>
        <div className="form-grid">
          <CustomerFields form={form} />
          <VisitFields form={form} today={today} />
          <AssignmentFields form={form} technicians={page.data.technicians} />
        </div>
        <StatusMessages status={form.status} />
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={form.saving}>
            {t('common.create')}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
