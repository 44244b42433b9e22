import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { TechnicianSelect, type TechnicianOption } from '../TechnicianSelect';
import {
  FILTER_KINDS,
  WITHOUT_TECHNICIAN,
  type FilterName,
  type OrdersListParams,
  ARRIVALS,
  OUTCOMES,
  type YesNo,
} from '../orders-list-params';

const REPLIES = ['NONE', 'ANY', 'AT_HOME', 'CALL_ME', 'ACCESS_NOTE'] as const;

/** One filter's control, drawn by its kind (FILTER_KINDS); the search has its own box in the filter row. */
export function FilterControl({
  name,
  controlId,
  params,
  from,
  technicians,
  update,
}: {
  name: FilterName;
  controlId: string;
  params: OrdersListParams;
  /** The start date asked for ("informed" starts today when none is chosen). */
  from: string;
  technicians: readonly TechnicianOption[];
  update: (next: Partial<OrdersListParams>) => void;
}): ReactNode {
  const { t } = useI18n();
  const any = <option value="">{t('admin.ordersList.any')}</option>;

  /** A filter that picks one of a few values, each shown in words. */
  const choiceSelect = <Value extends string>(
    choice: 'reply' | 'outcome' | 'arrival',
    values: readonly Value[],
    label: (value: Value) => string,
  ) => (
    <select id={controlId} value={params[choice]} onChange={(e) => update({ [choice]: e.target.value })}>
      {any}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );

  switch (FILTER_KINDS[name]) {
    case 'text':
      // The search has its own box in the filter row.
      return null;
    case 'date':
      return (
        <input
          id={controlId}
          type="date"
          value={name === 'from' ? from : params[name]}
          onChange={(e) => update({ [name]: e.target.value })}
        />
      );
    case 'country':
      return (
        <select
          id={controlId}
          value={params.country}
          onChange={(e) => update({ country: e.target.value as OrdersListParams['country'] })}
        >
          {any}
          <option value="NL">NL</option>
          <option value="BE">BE</option>
        </select>
      );
    case 'technician':
      return (
        <TechnicianSelect
          id={controlId}
          technicians={technicians}
          value={params.technician}
          onChange={(technician) => update({ technician })}
          emptyLabel={t('admin.ordersList.any')}
          extraChoice={{ value: WITHOUT_TECHNICIAN, label: t('admin.ordersList.withoutTechnician') }}
        />
      );
    case 'yesNo':
      return (
        <select id={controlId} value={params[name]} onChange={(e) => update({ [name]: e.target.value as YesNo })}>
          {any}
          <option value="yes">{t('admin.orders.yes')}</option>
          <option value="no">{t('admin.orders.no')}</option>
        </select>
      );
    case 'reply':
      return choiceSelect('reply', REPLIES, (reply) => t(`admin.ordersList.reply.${reply}`));
    case 'outcome':
      return choiceSelect('outcome', OUTCOMES, (outcome) => t(`admin.ordersList.outcome.${outcome}`));
    case 'arrival':
      return choiceSelect('arrival', ARRIVALS, (arrival) => t(`admin.ordersList.arrival.${arrival}`));
  }
}
