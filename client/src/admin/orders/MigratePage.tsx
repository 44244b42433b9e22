import { useQuery } from '@apollo/client/react';
import { localDateOf } from '../../../../shared/zoned-time.js';
import { BusyButton } from '../../components/BusyButton';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { DayOrdersList } from './migrate/DayOrdersList';
import { SourceFields } from './migrate/SourceFields';
import { useMigrate } from './migrate/useMigrate';
import { StatusMessages } from './StatusMessages';
import { TechnicianSelect } from './TechnicianSelect';

const MigratePageQuery = graphql(`
  query MigratePage {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

/** Moving some of one technician's orders of a day to another technician (a sick day, a van that broke down). */
export function MigratePage() {
  const { t, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.migrate'));
  const page = useQuery(MigratePageQuery);
  const technicians = page.data?.technicians ?? [];
  const today = page.data ? localDateOf(new Date(page.data.serverInfo.now), TIME_ZONE[siteCountry]) : '';
  const form = useMigrate(technicians, today);
  const { orders, listed, loading, problem } = form.dayOrders;

  if (page.loading && !page.data) return <Spinner />;
  if (!page.data) return <Message tone="error">{problemOf(page.error, t('common.genericError')).message}</Message>;

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.migrate')} />
      <form className="card form" onSubmit={(event) => void form.submit(event)}>
        <SourceFields form={form} technicians={technicians} />
        <div className="status-messages">
          {loading && <Spinner />}
          <Message tone="error">{problem}</Message>
          <Message tone="info">{listed && orders.length === 0 ? t('admin.orders.migrate.empty') : undefined}</Message>
        </div>
        {orders.length > 0 && <DayOrdersList orders={orders} selection={form.selection} />}
        <FormField id="migrate-target" label={t('admin.orders.migrate.target')}>
          {(control) => (
            <TechnicianSelect
              id={control.id}
              technicians={technicians}
              exclude={form.source?.id}
              value={form.targetNumber}
              onChange={form.choose.target}
            />
          )}
        </FormField>
        <StatusMessages status={form.status} />
        <div className="toolbar">
          <BusyButton
            type="submit"
            className="button button-primary"
            busy={form.migrating}
            disabled={form.targetNumber === ''}
          >
            {t('admin.orders.migrate.button')}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
