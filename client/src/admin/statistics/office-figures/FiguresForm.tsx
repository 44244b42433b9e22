import { useId, useState, type FormEvent } from 'react';
import { FIGURES_MAX_DAYS } from '../../../../../shared/office-figures.js';
import { FormField } from '../../../components/FormField';
import type { FigureGrouping } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';
import type { ServerProblem } from '../../../lib/errors';
import { PeriodDates } from '../PeriodDates';
import { GROUPINGS, type Choice, type CountryChoice } from './figures-choice';

/** The period (at most a quarter), the grouping and the country; shown when "Toon" is pressed. */
export function FiguresForm({
  choice,
  problem,
  onChoose,
}: {
  choice: Choice;
  problem: ServerProblem | null;
  onChoose: (choice: Choice) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Choice>(choice);
  const hintId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChoose(draft);
  };
  return (
    <form className="card stats-period" onSubmit={apply} noValidate>
      <fieldset>
        <legend>{t('admin.figures.period')}</legend>
        <p className="field-hint" id={hintId}>
          {t('admin.figures.periodHint', { days: FIGURES_MAX_DAYS })}
        </p>
        <div className="stats-period-fields">
          <PeriodDates
            labels={{ from: 'admin.figures.from', to: 'admin.figures.to' }}
            hintId={hintId}
            required
            draft={draft}
            onDraft={setDraft}
            problem={problem}
          />
          <FormField label={t('admin.figures.groupBy')}>
            {(control) => (
              <select
                {...control}
                value={draft.groupBy}
                onChange={(event) => setDraft({ ...draft, groupBy: event.target.value as FigureGrouping })}
              >
                {GROUPINGS.map((grouping) => (
                  <option key={grouping} value={grouping}>
                    {t(`admin.figures.groupBy.${grouping}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('admin.figures.country')}>
            {(control) => (
              <select
                {...control}
                value={draft.country}
                onChange={(event) => setDraft({ ...draft, country: event.target.value as CountryChoice })}
              >
                <option value="">{t('admin.figures.bothCountries')}</option>
                <option value="NL">{t('common.country.NL')}</option>
                <option value="BE">{t('common.country.BE')}</option>
              </select>
            )}
          </FormField>
          <div className="toolbar stats-period-actions">
            <button type="submit" className="button button-primary">
              {t('admin.figures.apply')}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
