import { graphql } from '../../gql';
import type { PreviousVisitRecord_OrderFragment } from '../../gql/graphql';
import { formatDayMonthYear } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';

/** @public Read by codegen: the visit card's fragment spreads it. */
export const PreviousVisitRecordFragment = graphql(`
  fragment PreviousVisitRecord_order on ScheduleOrder {
    country
    previousVisitRecord {
      appointment
      outcome
      applianceBrand
      applianceModel
      applianceSerialNumber
      partsUsed {
        name
        articleNumber
        quantity
      }
      partsNeeded {
        name
        articleNumber
        quantity
      }
      officeNote
    }
  }
`);

type Part = NonNullable<PreviousVisitRecord_OrderFragment['previousVisitRecord']>['partsNeeded'][number];

const partsText = (parts: readonly Part[]) =>
  parts
    .map((part) => `${part.quantity} × ${part.name}${part.articleNumber ? ` (${part.articleNumber})` : ''}`)
    .join('; ');

/**
 * On the card of a follow-up visit: what the earlier visit to the same customer recorded (docs/decisions/technician.md,
 * Visit records) — when, how it ended, the appliance, the parts ordered for this visit and used then, and the note
 * for the office — so the visit does not start blind. Nothing when there was none.
 */
// Partial: a copy kept on the phone from before this field existed has none.
export function PreviousVisitRecord({ order }: { order: Partial<PreviousVisitRecord_OrderFragment> }) {
  const { t, language } = useI18n();
  const previous = order.previousVisitRecord;
  if (!previous || !order.country) return null;
  const appliance = [previous.applianceBrand, previous.applianceModel, previous.applianceSerialNumber]
    .filter(Boolean)
    .join(' · ');
  const lines = [
    previous.outcome ? t(`visit.outcome.${previous.outcome}`) : null,
    appliance || null,
    previous.partsNeeded.length > 0
      ? t('technician.previous.partsNeeded', { parts: partsText(previous.partsNeeded) })
      : null,
    previous.partsUsed.length > 0 ? t('technician.previous.partsUsed', { parts: partsText(previous.partsUsed) }) : null,
    previous.officeNote ? t('technician.previous.note', { note: previous.officeNote }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <div className="previous-visit">
      <p className="previous-visit-title">
        {t('technician.previous.title', {
          date: formatDayMonthYear(new Date(previous.appointment), { language, country: order.country }),
        })}
      </p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
