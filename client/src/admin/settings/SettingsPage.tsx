import { useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { SelectField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { formatHour } from '../../../../shared/clock-time.js';
import { addRule, draftOf, inputOf, RULE_HOURS, type RuleDraft } from './import-rules';
import { ImportSettingsQuery, useSaveImportSettings } from './useSaveImportSettings';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

function HourSelect({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: number;
  onChange: (hour: number) => void;
  invalid: boolean;
}) {
  const { language } = useI18n();
  return (
    <SelectField
      label={label}
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(Number(event.target.value))}
      options={RULE_HOURS.map((hour) => ({ value: String(hour), label: formatHour(hour, language) }))}
    />
  );
}

const KIND_LABEL: Record<RuleDraft['kind'], MessageKey> = {
  BEFORE: 'admin.settings.kind.BEFORE',
  BETWEEN: 'admin.settings.kind.BETWEEN',
  AFTER: 'admin.settings.kind.AFTER',
};

function SettingsForm({ initial }: { initial: RuleDraft[] }) {
  const { t } = useI18n();
  const [drafts, setDrafts] = useState(initial);
  const [added, setAdded] = useState(0);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [save, { loading }] = useSaveImportSettings();
  const addButton = useRef<HTMLButtonElement>(null);

  const change = (key: string, values: Partial<RuleDraft>) => {
    setSaved(false);
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...values } : draft)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      const { data } = await save({ settings: drafts.map(inputOf) });
      if (data) setDrafts(data.saveImportSettings.map(draftOf));
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <ol className="rule-list">
        {drafts.map((draft, index) => {
          const betweenError = problem?.fields[`settings.${index}.timeBetween`];
          const toError = problem?.fields[`settings.${index}.timeTo`];
          const n = index + 1;
          return (
            <li key={draft.key}>
              <fieldset className="rule">
                <legend>
                  {t('admin.settings.rule', { n })}: {t(KIND_LABEL[draft.kind])}
                </legend>
                <div className="rule-fields">
                  {draft.kind !== 'BEFORE' && (
                    <HourSelect
                      label={t('admin.settings.plannedFrom')}
                      value={draft.from}
                      invalid={Boolean(betweenError)}
                      onChange={(from) => change(draft.key, { from })}
                    />
                  )}
                  {draft.kind !== 'AFTER' && (
                    <HourSelect
                      label={t(
                        draft.kind === 'BEFORE' ? 'admin.settings.plannedBefore' : 'admin.settings.plannedUntil',
                      )}
                      value={draft.to}
                      invalid={Boolean(betweenError)}
                      onChange={(to) => change(draft.key, { to })}
                    />
                  )}
                  <HourSelect
                    label={t('admin.settings.windowFrom')}
                    value={draft.windowFrom}
                    invalid={Boolean(toError)}
                    onChange={(windowFrom) => change(draft.key, { windowFrom })}
                  />
                  <HourSelect
                    label={t('admin.settings.windowUntil')}
                    value={draft.windowTo}
                    invalid={Boolean(toError)}
                    onChange={(windowTo) => change(draft.key, { windowTo })}
                  />
                </div>
                {betweenError && <p className="field-error">{betweenError}</p>}
                {toError && toError !== betweenError && <p className="field-error">{toError}</p>}
                {draft.kind === 'BETWEEN' && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setSaved(false);
                      // The pressed button goes with its rule: the keyboard goes on to adding one.
                      flushSync(() => setDrafts((current) => current.filter((other) => other.key !== draft.key)));
                      addButton.current?.focus();
                    }}
                  >
                    {t('admin.settings.remove', { n })}
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="toolbar">
        <button
          ref={addButton}
          type="button"
          className="button button-secondary"
          onClick={() => {
            setSaved(false);
            setAdded((count) => count + 1);
            setDrafts((current) => addRule(current, `new-${added}`));
          }}
        >
          {t('admin.settings.add')}
        </button>
        <BusyButton type="submit" className="button button-primary" busy={loading}>
          {t('common.save')}
        </BusyButton>
      </div>
      <Message tone="error">{problem?.message}</Message>
      <Message tone="success">{saved ? t('admin.settings.saved') : null}</Message>
    </form>
  );
}

/** 'Systeeminstellingen': the import windows, edited and saved as one set. */
export function SettingsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.menu.settings'));
  const { data, error } = useQuery(ImportSettingsQuery);
  return (
    <section className="card">
      <AdminPageHeader title={t('admin.menu.settings')} back="/admin">
        <Link className="button button-secondary" to="/admin/settings/messages">
          {t('admin.messageSettings.title')}
        </Link>
        <Link className="button button-secondary" to="/admin/settings/security">
          {t('admin.security.title')}
        </Link>
      </AdminPageHeader>
      <p className="muted">{t('admin.settings.intro')}</p>
      {data ? (
        <SettingsForm initial={data.importSettings.map(draftOf)} />
      ) : error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
