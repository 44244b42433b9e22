import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { VisitCardOrder } from './today-documents';

/** The top of a visit card: whom it is for (the heading that names the card), the window, and whether it is next. */
export function VisitCardHead({
  headingId,
  order,
  number,
  isNext,
}: {
  headingId: string;
  order: VisitCardOrder;
  number: number;
  isNext: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const start = new Date(order.appointment);
  const end = new Date(start.getTime() + order.duration * 1000);
  return (
    <div className="visit-card-head">
      <h2 id={headingId} className="planner-name">
        <span className="visually-hidden">{t('technician.manage.orderNumber', { number })}: </span>
        {order.name}
      </h2>
      <p className="visit-card-window">
        {formatTime(start, i18n)} – {formatTime(end, i18n)}
      </p>
      {isNext && <p className="badge badge-next">{t('technician.today.next')}</p>}
    </div>
  );
}
