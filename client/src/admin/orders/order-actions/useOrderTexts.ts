import type { OrderActions_OrderFragment } from '../../../gql/graphql';
import { formatDayMonthYear, formatTime, formatWeekday } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import { fullName } from '../../../../../shared/staff.js';

export interface OrderTexts {
  /** "dinsdag 24-11-2026 08:00–10:00": the visit window starting at `appointment`, in the order's country. */
  windowText: (appointment: Date | string) => string;
  /** The technician's full name, or "zonder monteur" for none. */
  technicianText: (person: { firstname: string; lastname: string } | null | undefined) => string;
}

/** How the questions and messages about one order name its visit window and its technician. */
export function useOrderTexts(order: Pick<OrderActions_OrderFragment, 'country' | 'duration'>): OrderTexts {
  const { t, language } = useI18n();
  const locale = { language, country: order.country };
  const windowText = (appointment: string | Date) => {
    const start = new Date(appointment);
    const end = new Date(start.getTime() + order.duration * 1000);
    return t('admin.orders.windowText', {
      weekday: formatWeekday(start, locale),
      date: formatDayMonthYear(start, locale),
      from: formatTime(start, locale),
      to: formatTime(end, locale),
    });
  };
  const technicianText = (person: { firstname: string; lastname: string } | null | undefined) =>
    person ? fullName(person) : t('admin.ordersList.withoutTechnician');
  return { windowText, technicianText };
}
