import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { TechnicianSelect, type TechnicianOption } from '../TechnicianSelect';
import { WITHOUT_TECHNICIAN, type OrdersListParams, type ReplyChoice, type YesNo } from '../orders-list-params';

const REPLIES = ['NONE', 'ANY', 'AT_HOME', 'CALL_ME', 'ACCESS_NOTE'] as const;

/** Every filter of the list but the search, each a labelled control; opened from the filter row. */
export function FilterPanel({
  id,
  hidden,
  params,
  from,
  technicians,
  update,
}: {
  id: string;
  hidden: boolean;
  params: OrdersListParams;
  /** The start date asked for ("informed" starts today when none is chosen). */
  from: string;
  technicians: readonly TechnicianOption[];
  update: (next: Partial<OrdersListParams>) => void;
}) {
  const { t } = useI18n();
  const any = <option value="">{t('admin.ordersList.any')}</option>;
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
    </div>
  );
  const yesNo = (name: 'informed' | 'special' | 'external' | 'deleted', label: string) =>
    field(
      name,
      label,
      <select id={`${id}-${name}`} value={params[name]} onChange={(e) => update({ [name]: e.target.value as YesNo })}>
        {any}
        <option value="yes">{t('admin.orders.yes')}</option>
        <option value="no">{t('admin.orders.no')}</option>
      </select>,
    );
  return (
    <div id={id} className="orders-filter-row" hidden={hidden}>
      {field(
        'from',
        t('admin.ordersList.from'),
        <input id={`${id}-from`} type="date" value={from} onChange={(e) => update({ from: e.target.value })} />,
      )}
      {field(
        'to',
        t('admin.ordersList.to'),
        <input id={`${id}-to`} type="date" value={params.to} onChange={(e) => update({ to: e.target.value })} />,
      )}
      {field(
        'country',
        t('admin.orders.field.country'),
        <select
          id={`${id}-country`}
          value={params.country}
          onChange={(e) => update({ country: e.target.value as OrdersListParams['country'] })}
        >
          {any}
          <option value="NL">NL</option>
          <option value="BE">BE</option>
        </select>,
      )}
      {field(
        'technician',
        t('admin.orders.field.technician'),
        <TechnicianSelect
          id={`${id}-technician`}
          technicians={technicians}
          value={params.technician}
          onChange={(technician) => update({ technician })}
          emptyLabel={t('admin.ordersList.any')}
          extraChoice={{ value: WITHOUT_TECHNICIAN, label: t('admin.ordersList.withoutTechnician') }}
        />,
      )}
      {yesNo('informed', t('admin.ordersList.informed'))}
      {field(
        'reply',
        t('admin.ordersList.reply'),
        <select
          id={`${id}-reply`}
          value={params.reply}
          onChange={(e) => update({ reply: e.target.value as ReplyChoice })}
        >
          {any}
          {REPLIES.map((reply) => (
            <option key={reply} value={reply}>
              {t(`admin.ordersList.reply.${reply}`)}
            </option>
          ))}
        </select>,
      )}
      {yesNo('special', t('admin.orders.field.special'))}
      {yesNo('external', t('admin.ordersList.external'))}
      {yesNo('deleted', t('admin.ordersList.deleted'))}
    </div>
  );
}
