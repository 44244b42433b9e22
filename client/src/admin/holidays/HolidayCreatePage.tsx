import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SelectField, TextField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { formatLocalDate } from '../../i18n/format';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { countryNameKey, HOLIDAY_COUNTRIES } from './holiday-text';
import { HolidayGuard } from './HolidayGuard';
import { useCreateHoliday } from './useCreateHoliday';
import { AdminPageHeader } from '../AdminPageHeader';

const LIST = '/admin/holiday/index';

/**
 * Screen 'Holiday aanmaken' (docs/rules.md, Holidays): country (default NL) and date; alert 'Ok' and back to the list.
 * When active orders fall on the date, the holiday guard lists them and asks to save anyway or cancel.
 */
export function HolidayCreatePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.holidays.createTitle'));
  const navigate = useNavigate();
  const { createHoliday, creating } = useCreateHoliday();
  const [country, setCountry] = useState<Country>('NL');
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  /** Set when the server says active orders fall on the date: the guard asks to save anyway or cancel. */
  const [guard, setGuard] = useState<{ country: Country; date: string; warning: string } | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const dateInput = useRef<HTMLInputElement>(null);

  const save = async (saveDespiteOrders: boolean) => {
    setProblem(null);
    setCancelled(false);
    try {
      await createHoliday(country, date, saveDespiteOrders);
    } catch (error) {
      const found = problemOf(error, t('common.genericError'));
      if (found.code === 'HOLIDAY_HAS_ORDERS') setGuard({ country, date, warning: found.message });
      else {
        setGuard(null);
        setProblem(found);
      }
      return;
    }
    // The list the admin lands on says what was saved (no browser dialog to click away).
    void navigate(LIST, { state: { saved: t('admin.holidays.created', { date: formatLocalDate(date), country }) } });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  const cancel = () => {
    setGuard(null);
    setCancelled(true);
    dateInput.current?.focus();
  };

  // The guard speaks of the date it was asked about: another choice closes it.
  const choose = (change: () => void) => {
    change();
    setGuard(null);
    setCancelled(false);
  };

  const dateProblem = problem?.fields.date;
  return (
    <section>
      <AdminPageHeader title={t('admin.holidays.createTitle')} back={LIST} />
      <form className="card form holiday-form" onSubmit={submit}>
        <SelectField
          label={t('admin.holidays.country')}
          value={country}
          onChange={(event) => choose(() => setCountry(event.target.value as Country))}
          options={HOLIDAY_COUNTRIES.map((code) => ({ value: code, label: `${code} – ${t(countryNameKey(code))}` }))}
        />
        <TextField
          label={t('admin.holidays.date')}
          ref={dateInput}
          type="date"
          required
          value={date}
          onChange={(event) => choose(() => setDate(event.target.value))}
          error={dateProblem}
        />
        <Message tone="error">{problem && !dateProblem ? problem.message : undefined}</Message>
        <Message tone="info">{cancelled ? t('admin.holidays.guard.cancelled') : undefined}</Message>
        <div>
          <BusyButton type="submit" className="button button-primary" busy={creating} disabled={guard !== null}>
            {t('common.create')}
          </BusyButton>
        </div>
      </form>
      {guard && (
        <HolidayGuard
          key={`${guard.country}-${guard.date}`}
          country={guard.country}
          date={guard.date}
          warning={guard.warning}
          saving={creating}
          onSaveAnyway={() => void save(true)}
          onCancel={cancel}
        />
      )}
    </section>
  );
}
