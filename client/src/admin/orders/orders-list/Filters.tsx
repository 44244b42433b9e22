import { useId, useState } from 'react';
import { FormField } from '../../../components/FormField';
import { useI18n } from '../../../i18n/i18n';
import type { TechnicianOption } from '../TechnicianSelect';
import { activeFilters, type FilterName, type OrdersListParams } from '../orders-list-params';
import { ActiveFilterChips } from './ActiveFilterChips';
import { FilterPanel } from './FilterPanel';
import { filtersWereOpen, rememberFiltersOpen } from './list-return';

/**
 * The filters in one row: the search box, a button that opens the other filters, and the filters in force as
 * removable chips. The controls stay folded away until asked for, so the table starts high on the screen.
 */
export function Filters({
  params,
  from,
  typed,
  onType,
  technicians,
  update,
  remove,
  clear,
}: {
  params: OrdersListParams;
  from: string;
  typed: string;
  onType: (search: string) => void;
  technicians: readonly TechnicianOption[];
  update: (next: Partial<OrdersListParams>) => void;
  remove: (name: FilterName) => void;
  clear: () => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const [open, setOpen] = useState(() => filtersWereOpen(sessionStorage));
  const toggle = () => {
    rememberFiltersOpen(sessionStorage, !open);
    setOpen(!open);
  };
  const active = activeFilters(params);
  return (
    <div className="card orders-filters">
      <div className="orders-filter-bar">
        <FormField
          id={`${ids}-search`}
          className="orders-search"
          role="search"
          label={t('admin.ordersList.search')}
          hint={t('admin.ordersList.searchHint')}
        >
          {(control) => (
            <input
              {...control}
              type="search"
              value={typed}
              autoComplete="off"
              onChange={(event) => onType(event.target.value)}
            />
          )}
        </FormField>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open}
          aria-controls={`${ids}-filters`}
          onClick={toggle}
        >
          {t('admin.ordersList.filters')}
          <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
        </button>
        <ActiveFilterChips filters={active} technicians={technicians} onRemove={remove} />
        {active.length > 1 && (
          <button type="button" className="button button-ghost" onClick={clear}>
            {t('admin.ordersList.clear')}
          </button>
        )}
      </div>
      <FilterPanel
        id={`${ids}-filters`}
        hidden={!open}
        params={params}
        from={from}
        technicians={technicians}
        update={update}
      />
    </div>
  );
}
