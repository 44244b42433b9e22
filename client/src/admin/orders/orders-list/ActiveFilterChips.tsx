import { formatLocalDate } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import { technicianLabel, type TechnicianOption } from '../TechnicianSelect';
import {
  WITHOUT_TECHNICIAN,
  type ActiveFilter,
  type ArrivalChoice,
  type FilterName,
  type OutcomeChoice,
  type ReplyChoice,
} from '../orders-list-params';
import { FILTER_LABEL } from './filter-labels';

/**
 * The filters in force, each a button that removes it. Shown whether the filter controls are open or not, so the
 * list always says what it is narrowed by.
 */
export function ActiveFilterChips({
  filters,
  technicians,
  onRemove,
}: {
  filters: readonly ActiveFilter[];
  technicians: readonly TechnicianOption[];
  onRemove: (name: FilterName) => void;
}) {
  const { t } = useI18n();
  const valueText = ({ kind, value }: ActiveFilter): string => {
    switch (kind) {
      case 'text':
        return `“${value.trim()}”`;
      case 'date':
        return formatLocalDate(value);
      case 'yesNo':
        return t(value === 'yes' ? 'admin.orders.yes' : value === 'no' ? 'admin.orders.no' : 'admin.ordersList.any');
      case 'reply':
        return t(`admin.ordersList.reply.${value as Exclude<ReplyChoice, ''>}`);
      case 'outcome':
        return t(`admin.ordersList.outcome.${value as Exclude<OutcomeChoice, ''>}`);
      case 'arrival':
        return t(`admin.ordersList.arrival.${value as Exclude<ArrivalChoice, ''>}`);
      case 'technician': {
        if (value === WITHOUT_TECHNICIAN) return t('admin.ordersList.withoutTechnician');
        const technician = technicians.find((candidate) => candidate.personalNumber === value);
        return technician ? technicianLabel(technician) : value;
      }
      case 'country':
        return value;
    }
  };
  if (filters.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('admin.ordersList.activeFilters')}>
      {filters.map((filter) => {
        const text = t('admin.ordersList.chip', { filter: t(FILTER_LABEL[filter.name]), value: valueText(filter) });
        return (
          <li key={filter.name}>
            <button
              type="button"
              className="filter-chip"
              aria-label={t('admin.ordersList.removeFilter', { filter: text })}
              onClick={() => onRemove(filter.name)}
            >
              {text}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
