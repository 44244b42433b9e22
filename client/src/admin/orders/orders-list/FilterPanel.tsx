import { useI18n } from '../../../i18n/i18n';
import type { TechnicianOption } from '../TechnicianSelect';
import { FILTER_KINDS, type FilterName, type OrdersListParams } from '../orders-list-params';
import { FILTER_LABEL } from './filter-labels';
import { FilterControl } from './FilterControl';
import { FormField } from '../../../components/FormField';

/**
 * Every filter of the list but the search, each a labelled control, in the order of FILTER_KINDS and drawn by its
 * kind: a filter added to the parameters gets its control here without another line. Opened from the filter row.
 */
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
  return (
    <div id={id} className="orders-filter-row" hidden={hidden}>
      {(Object.keys(FILTER_KINDS) as FilterName[])
        .filter((name) => FILTER_KINDS[name] !== 'text')
        .map((name) => (
          <FormField key={name} id={`${id}-${name}`} label={t(FILTER_LABEL[name])}>
            {(field) => (
              <FilterControl
                name={name}
                controlId={field.id}
                params={params}
                from={from}
                technicians={technicians}
                update={update}
              />
            )}
          </FormField>
        ))}
    </div>
  );
}
