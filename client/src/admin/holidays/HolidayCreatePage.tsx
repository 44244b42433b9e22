import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Message } from '../../components/Message';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { countryNameKey, HOLIDAY_COUNTRIES } from './holiday-text';
import { useCreateHoliday } from './useCreateHoliday';

const LIST = '/admin/holiday/index';

/** Screen 'Holiday aanmaken' (spec section 2): country (default NL) and date; alert 'Ok' and back to the list. */
export function HolidayCreatePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.holidays.createTitle'));
  const navigate = useNavigate();
  const { createHoliday, creating } = useCreateHoliday();
  const [country, setCountry] = useState<Country>('NL');
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const ids = { country: useId(), date: useId(), dateError: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await createHoliday(country, date);
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
      return;
    }
    window.alert(t('admin.holidays.created'));
    navigate(LIST);
  };

  const dateProblem = problem?.fields.date;
  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.holidays.createTitle')}</h1>
        <div className="toolbar">
          <Link className="button button-secondary" to={LIST}>
            {t('common.back')}
          </Link>
        </div>
      </div>
      <form className="card form holiday-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.country}>{t('admin.holidays.country')}</label>
          <select id={ids.country} value={country} onChange={(event) => setCountry(event.target.value as Country)}>
            {HOLIDAY_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {code} – {t(countryNameKey(code))}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.date}>{t('admin.holidays.date')}</label>
          <input
            id={ids.date}
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={dateProblem ? true : undefined}
            aria-describedby={dateProblem ? ids.dateError : undefined}
          />
          {dateProblem && (
            <span className="field-error" id={ids.dateError}>
              {dateProblem}
            </span>
          )}
        </div>
        <Message tone="error">{problem && !dateProblem ? problem.message : undefined}</Message>
        <div>
          <button type="submit" className="button button-primary" disabled={creating}>
            {t('common.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
