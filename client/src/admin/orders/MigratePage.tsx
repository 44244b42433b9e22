import { addressLine } from '../../../../shared/address.js';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { FormField, TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMigrateOrdersMutation } from './order-mutations';
import { AdminPageHeader } from '../AdminPageHeader';
import { StatusMessages, type Status } from './StatusMessages';
import { TechnicianSelect } from './TechnicianSelect';
import { localDateOf, localDayRange } from '../../../../shared/zoned-time.js';
import { BusyButton } from '../../components/BusyButton';

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

const TechnicianDayOrdersQuery = graphql(`
  query TechnicianDayOrders($technician: String!, $day: DateTimeISO!) {
    technicianDayOrders(technician: $technician, day: $day) {
      id
      name
      street
      zipcode
      houseNumber
      houseNumberAddition
      city
      appointment
      duration
      country
    }
  }
`);

export function MigratePage() {
  const { t, language, country: siteCountry } = useI18n();
  usePageTitle(t('admin.menu.migrate'));
  const page = useQuery(MigratePageQuery);
  const [sourceNumber, setSourceNumber] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [targetNumber, setTargetNumber] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [migrate, migrating] = useMigrateOrdersMutation();

  const technicians = page.data?.technicians ?? [];
  const source = technicians.find((technician) => technician.personalNumber === sourceNumber);
  const zone = TIME_ZONE[source?.country ?? siteCountry];
  const today = page.data ? localDateOf(new Date(page.data.serverInfo.now), TIME_ZONE[siteCountry]) : '';
  const day = date ?? today;
  const dayOrders = useQuery(TechnicianDayOrdersQuery, {
    variables: { technician: sourceNumber, day: day ? localDayRange(day, zone).start.toISOString() : '' },
    skip: sourceNumber === '' || day === '',
    fetchPolicy: 'network-only',
  });

  if (page.loading && !page.data) return <Spinner />;
  if (!page.data) return <Message tone="error">{problemOf(page.error, t('common.genericError')).message}</Message>;

  const orders = dayOrders.data?.technicianDayOrders ?? [];
  const listed = sourceNumber !== '' && dayOrders.data !== undefined;
  const listProblem = dayOrders.error ? problemOf(dayOrders.error, t('common.genericError')).message : undefined;

  const resetSelection = () => {
    setSelected(new Set());
    setStatus(null);
  };

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const allSelected = orders.length > 0 && orders.every((order) => selected.has(order.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const outcome = await migrate({
      orderIds: orders.filter((order) => selected.has(order.id)).map((order) => order.id),
      fromTechnician: sourceNumber,
      toTechnician: targetNumber,
    });
    if (outcome.ok) {
      setSelected(new Set());
      setStatus({ tone: 'success', text: outcome.message });
    } else {
      setStatus({ tone: 'error', text: outcome.problem.message });
    }
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.migrate')} />
      <form className="card form" onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <FormField id="migrate-source" label={t('admin.orders.migrate.source')}>
            {(control) => (
              <TechnicianSelect
                id={control.id}
                technicians={technicians}
                value={sourceNumber}
                onChange={(value) => {
                  setSourceNumber(value);
                  if (value === targetNumber) setTargetNumber('');
                  resetSelection();
                }}
              />
            )}
          </FormField>
          <TextField
            id="migrate-date"
            label={t('admin.orders.field.date')}
            type="date"
            value={day}
            onChange={(event) => {
              setDate(event.target.value);
              resetSelection();
            }}
          />
        </div>

        <div className="status-messages">
          {dayOrders.loading && <Spinner />}
          <Message tone="error">{listProblem}</Message>
          <Message tone="info">{listed && orders.length === 0 ? t('admin.orders.migrate.empty') : undefined}</Message>
        </div>
        {orders.length > 0 && (
          <fieldset className="migrate-orders">
            <legend>{t('admin.orders.migrate.orders', { count: orders.length })}</legend>
            <label className="check-row check-all">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(orders.map((order) => order.id)))}
              />
              <span>{t('admin.orders.migrate.selectAll')}</span>
            </label>
            <ul className="check-list">
              {orders.map((order) => {
                const start = new Date(order.appointment);
                const end = new Date(start.getTime() + order.duration * 1000);
                const locale = { language, country: order.country };
                return (
                  <li key={order.id}>
                    <label className="check-row">
                      <input type="checkbox" checked={selected.has(order.id)} onChange={() => toggle(order.id)} />
                      <span className="check-row-text">
                        <strong>{order.name}</strong>
                        <span>{addressLine(order)}</span>
                        <span className="muted">
                          {formatTime(start, locale)} – {formatTime(end, locale)}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}

        <FormField id="migrate-target" label={t('admin.orders.migrate.target')}>
          {(control) => (
            <TechnicianSelect
              id={control.id}
              technicians={technicians}
              exclude={source?.id}
              value={targetNumber}
              onChange={(value) => {
                setTargetNumber(value);
                setStatus(null);
              }}
            />
          )}
        </FormField>
        <StatusMessages status={status} />
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={migrating} disabled={targetNumber === ''}>
            {t('admin.orders.migrate.button')}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
