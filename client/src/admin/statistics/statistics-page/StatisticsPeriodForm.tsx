import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { ServerProblem } from '../../../lib/errors';
import { PeriodDates, type PeriodDays } from '../PeriodDates';

/** No bound on either side: every lookup there is. */
export const ALL_TIME: PeriodDays = { from: '', to: '' };

/**
 * The period of the statistics: either date may stay empty (no bound on that side); "Alle tijd" clears both. The
 * server's refusal shows beside the date it is about.
 */
export function StatisticsPeriodForm({
  problem,
  onPeriod,
}: {
  problem: ServerProblem | null;
  onPeriod: (period: PeriodDays) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<PeriodDays>(ALL_TIME);
  const hintId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onPeriod(draft);
  };

  return (
    <form className="card stats-period" onSubmit={apply} noValidate>
      <fieldset>
        <legend>{t('admin.statistics.period')}</legend>
        <p className="field-hint" id={hintId}>
          {t('admin.statistics.periodHint')}
        </p>
        <div className="stats-period-fields">
          <PeriodDates
            labels={{ from: 'admin.statistics.from', to: 'admin.statistics.to' }}
            hintId={hintId}
            draft={draft}
            onDraft={setDraft}
            problem={problem}
          />
          <div className="toolbar stats-period-actions">
            <button type="submit" className="button button-primary">
              {t('admin.statistics.apply')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setDraft(ALL_TIME);
                onPeriod(ALL_TIME);
              }}
            >
              {t('admin.statistics.allTime')}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
