import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { MOVE_CAPACITY, MOVE_DAYS_AHEAD } from '../../../../shared/self-move.js';
import { TextField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { SelfMoveSettingForm_SettingFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';

const SelfMoveSettingsPageQuery = graphql(`
  query SelfMoveSettingsPage {
    selfMoveSettings {
      country
      ...SelfMoveSettingForm_setting
    }
  }
`);

/** @public Read by codegen: the page query spreads it. */
export const SelfMoveSettingFormFragment = graphql(`
  fragment SelfMoveSettingForm_setting on SelfMoveSetting {
    country
    enabled
    daysAhead
    capacityPerDay
  }
`);

const UpdateSelfMoveSettingMutation = graphql(`
  mutation UpdateSelfMoveSetting($input: SelfMoveSettingInput!) {
    updateSelfMoveSetting(input: $input) {
      ...SelfMoveSettingForm_setting
    }
  }
`);

/** The numbers as typed: the server checks them and names the field that is out of range. */
interface Draft {
  enabled: boolean;
  daysAhead: string;
  capacityPerDay: string;
}

/** One country's settings, saved on their own as the message settings are. */
function SelfMoveSettingForm({ setting }: { setting: SelfMoveSettingForm_SettingFragment }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Draft>({
    enabled: setting.enabled,
    daysAhead: String(setting.daysAhead),
    capacityPerDay: String(setting.capacityPerDay),
  });
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [update, { loading }] = useMutation(UpdateSelfMoveSettingMutation);
  const countryName = t(`common.country.${setting.country}`);

  const change = (values: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...values }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    // Not a number is out of range: the server says so beside the field, in the same words as any other.
    const number = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text) : -1);
    try {
      await update({
        variables: {
          input: {
            country: setting.country,
            enabled: draft.enabled,
            daysAhead: number(draft.daysAhead),
            capacityPerDay: number(draft.capacityPerDay),
          },
        },
      });
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
    }
  };

  const daysError = problem?.fields.daysAhead;
  const capacityError = problem?.fields.capacityPerDay;
  return (
    <form className="card form message-setting" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{countryName}</h2>
      <label className="check-row">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.target.checked })}
        />
        <span>{t('admin.selfMove.enabled')}</span>
      </label>
      <TextField
        label={t('admin.selfMove.daysAhead')}
        hint={t('admin.selfMove.daysAheadHint', MOVE_DAYS_AHEAD)}
        error={daysError}
        value={draft.daysAhead}
        inputMode="numeric"
        autoComplete="off"
        onChange={(event) => change({ daysAhead: event.target.value })}
      />
      <TextField
        label={t('admin.selfMove.capacity')}
        hint={t('admin.selfMove.capacityHint', MOVE_CAPACITY)}
        error={capacityError}
        value={draft.capacityPerDay}
        inputMode="numeric"
        autoComplete="off"
        onChange={(event) => change({ capacityPerDay: event.target.value })}
      />
      <div className="toolbar">
        <BusyButton
          type="submit"
          className="button button-primary"
          busy={loading}
          aria-label={t('common.actionOn', { action: t('common.save'), subject: countryName })}
        >
          {t('common.save')}
        </BusyButton>
      </div>
      <Message tone="error">{problem && !daysError && !capacityError ? problem.message : undefined}</Message>
      <Message tone="success">{saved ? t('admin.selfMove.saved', { country: countryName }) : null}</Message>
    </form>
  );
}

/** Settings > moving a visit: per country whether consumers move it themselves, how far ahead, how full a day gets. */
export function SelfMoveSettingsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.selfMove.title'));
  const { data, error } = useQuery(SelfMoveSettingsPageQuery);
  return (
    <section>
      <AdminPageHeader title={t('admin.selfMove.title')} back="/admin/settings" />
      <p className="muted">{t('admin.selfMove.intro')}</p>
      {data ? (
        <div className="message-settings">
          {data.selfMoveSettings.map((setting) => (
            <SelfMoveSettingForm key={setting.country} setting={setting} />
          ))}
        </div>
      ) : error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
