import { useI18n } from '../../../i18n/i18n';
import type { OptionalColumn } from './columns';

/** The heading of an optional column, the same in the table and in "Kolommen". */
export function useColumnLabel() {
  const { t } = useI18n();
  return (column: OptionalColumn): string => {
    switch (column) {
      case 'technician':
        return t('admin.orders.field.technician');
      case 'marks':
        return t('admin.ordersList.marks');
      case 'reply':
        return t('admin.ordersList.reply');
      case 'informed':
        return t('admin.ordersList.informed');
      case 'zipcode':
        return t('admin.orders.field.zipcode');
      case 'city':
        return t('admin.orders.field.city');
    }
  };
}
