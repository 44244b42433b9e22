import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { RETENTION_MONTHS } from '../../../../shared/data-requests.js';
import { BusyButton } from '../../components/BusyButton';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';

const SecuritySettingsPageQuery = graphql(`
  query SecuritySettingsPage {
    secondFactorSettings {
      country
      adminsRequired
      dispatchersRequired
      techniciansRequired
    }
    dataRequestSettings {
      country
      retentionMonths
      eraseNeedsTwoAdmins
    }
  }
`);

const UpdateSecondFactorSettingMutation = graphql(`
  mutation UpdateSecondFactorSetting($input: SecondFactorSettingInput!) {
    updateSecondFactorSetting(input: $input) {
      country
      adminsRequired
      dispatchersRequired
      techniciansRequired
    }
  }
`);

const UpdateDataRequestSettingMutation = graphql(`
  mutation UpdateDataRequestSetting($input: DataRequestSettingInput!) {
    updateDataRequestSetting(input: $input) {
      country
      retentionMonths
      eraseNeedsTwoAdmins
    }
  }
`);

/** One country's security and privacy settings, as typed: the server checks the months and names the field. */
interface Draft {
  adminsRequired: boolean;
  dispatchersRequired: boolean;
  techniciansRequired: boolean;
  retentionMonths: string;
  eraseNeedsTwoAdmins: boolean;
}

type Flag = 'adminsRequired' | 'dispatchersRequired' | 'techniciansRequired' | 'eraseNeedsTwoAdmins';

/** One country's settings, saved on their own as the other per-country settings are. */
function SecuritySettingForm({ country, initial }: { country: Country; initial: Draft }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [updateSecondFactor, secondFactor] = useMutation(UpdateSecondFactorSettingMutation);
  const [updateDataRequest, dataRequest] = useMutation(UpdateDataRequestSettingMutation);
  const countryName = t(`common.country.${country}`);

  const change = (values: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...values }));
  };
  const check = (flag: Flag, label: string) => (
    <label className="check-row">
      <input type="checkbox" checked={draft[flag]} onChange={(event) => change({ [flag]: event.target.checked })} />
      <span>{label}</span>
    </label>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    // Not a number is out of range: the server says so beside the field, in the same words as any other.
    const months = /^\d{1,4}$/.test(draft.retentionMonths.trim()) ? Number(draft.retentionMonths) : -1;
    try {
      await updateDataRequest({
        variables: { input: { country, retentionMonths: months, eraseNeedsTwoAdmins: draft.eraseNeedsTwoAdmins } },
      });
      await updateSecondFactor({
        variables: {
          input: {
            country,
            adminsRequired: draft.adminsRequired,
            dispatchersRequired: draft.dispatchersRequired,
            techniciansRequired: draft.techniciansRequired,
          },
        },
      });
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
    }
  };

  const monthsError = problem?.fields.retentionMonths;
  return (
    <form className="card form message-setting" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{countryName}</h2>
      <fieldset>
        <legend>{t('admin.security.twoStepLegend')}</legend>
        {check('adminsRequired', t('admin.security.admins'))}
        {check('dispatchersRequired', t('admin.security.dispatchers'))}
        {check('techniciansRequired', t('admin.security.technicians'))}
      </fieldset>
      <fieldset>
        <legend>{t('admin.security.privacyLegend')}</legend>
        <TextField
          label={t('admin.security.retentionMonths')}
          hint={t('admin.security.retentionHint', RETENTION_MONTHS)}
          error={monthsError}
          value={draft.retentionMonths}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => change({ retentionMonths: event.target.value })}
        />
        {check('eraseNeedsTwoAdmins', t('admin.security.twoAdmins'))}
      </fieldset>
      <div className="toolbar">
        <BusyButton
          type="submit"
          className="button button-primary"
          busy={secondFactor.loading || dataRequest.loading}
          aria-label={t('common.actionOn', { action: t('common.save'), subject: countryName })}
        >
          {t('common.save')}
        </BusyButton>
      </div>
      <Message tone="error">{problem && !monthsError ? problem.message : undefined}</Message>
      <Message tone="success">{saved ? t('admin.security.saved', { country: countryName }) : null}</Message>
    </form>
  );
}

/** Settings > security and privacy: who must use two-step verification, and how long personal data is kept. */
export function SecuritySettingsPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.security.title'));
  const { data, error } = useQuery(SecuritySettingsPageQuery, { fetchPolicy: 'network-only' });
  return (
    <section>
      <AdminPageHeader title={t('admin.security.title')} back="/admin/settings" />
      <p className="muted">{t('admin.security.intro')}</p>
      {data ? (
        <div className="message-settings">
          {data.secondFactorSettings.map((setting) => {
            const privacy = data.dataRequestSettings.find((item) => item.country === setting.country);
            return (
              <SecuritySettingForm
                key={setting.country}
                country={setting.country}
                initial={{
                  adminsRequired: setting.adminsRequired,
                  dispatchersRequired: setting.dispatchersRequired,
                  techniciansRequired: setting.techniciansRequired,
                  retentionMonths: String(privacy?.retentionMonths ?? RETENTION_MONTHS.default),
                  eraseNeedsTwoAdmins: privacy?.eraseNeedsTwoAdmins ?? false,
                }}
              />
            );
          })}
        </div>
      ) : error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
