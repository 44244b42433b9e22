import { FormField } from '../../components/FormField';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import type { ServerProblem } from '../../lib/errors';

export interface PeriodDays {
  from: string;
  to: string;
}

/**
 * The first and last day of a period, each described by the period's one hint (`hintId`) and by the server's problem
 * with that day.
 */
export function PeriodDates<Period extends PeriodDays>({
  labels,
  hintId,
  required = false,
  draft,
  onDraft,
  problem,
}: {
  labels: Record<keyof PeriodDays, MessageKey>;
  hintId: string;
  required?: boolean;
  draft: Period;
  onDraft: (draft: Period) => void;
  problem: ServerProblem | null;
}) {
  const { t } = useI18n();
  return (['from', 'to'] as const).map((end) => (
    <FormField key={end} label={t(labels[end])} error={problem?.fields[end]} describedBy={hintId}>
      {(control) => (
        <input
          {...control}
          type="date"
          required={required}
          value={draft[end]}
          onChange={(event) => onDraft({ ...draft, [end]: event.target.value })}
        />
      )}
    </FormField>
  ));
}
