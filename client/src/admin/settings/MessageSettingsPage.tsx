import { formatClock } from '../../../../shared/clock-time.js';
import { WINDOW_SHOWN_AT } from '../../../../shared/hours.js';
import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { SENDER_NAME_MAX_LENGTH } from '../../../../shared/messages.js';
import { SelectField, TextField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Language, MessageSettingForm_SettingFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';

const MessageSettingsPageQuery = graphql(`
  query MessageSettingsPage {
    messageSettings {
      country
      ...MessageSettingForm_setting
    }
  }
`);

/** @public Read by codegen: the page query spreads it. */
export const MessageSettingFormFragment = graphql(`
  fragment MessageSettingForm_setting on MessageSetting {
    country
    enabled
    email
    sms
    senderName
    language
    morningSmsAt
  }
`);

const UpdateMessageSettingMutation = graphql(`
  mutation UpdateMessageSetting($input: MessageSettingInput!) {
    updateMessageSetting(input: $input) {
      ...MessageSettingForm_setting
    }
  }
`);

type Draft = Omit<MessageSettingForm_SettingFragment, '__typename'>;

const LANGUAGES: readonly Language[] = ['NL', 'FR'];

/** One country's settings: saved on their own, so a mistake in one country never holds back the other. */
function MessageSettingForm({ setting }: { setting: MessageSettingForm_SettingFragment }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Draft>({
    country: setting.country,
    enabled: setting.enabled,
    email: setting.email,
    sms: setting.sms,
    senderName: setting.senderName,
    language: setting.language,
    morningSmsAt: setting.morningSmsAt,
  });
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  // The cache updates the setting by its country (its key): the page shows what was saved.
  const [update, { loading }] = useMutation(UpdateMessageSettingMutation);
  const channelErrorId = useId();
  const countryName = t(`common.country.${setting.country}`);

  const change = (values: Partial<Draft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...values }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await update({ variables: { input: draft } });
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(error, t('common.genericError')));
    }
  };

  const nameError = problem?.fields.senderName;
  const channelError = problem?.fields.email;
  const morningError = problem?.fields.morningSmsAt;
  return (
    <form className="card form message-setting" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{countryName}</h2>
      <label className="check-row">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.target.checked })}
        />
        <span>{t('admin.messageSettings.enabled')}</span>
      </label>
      <fieldset aria-describedby={channelError ? channelErrorId : undefined}>
        <legend>{t('admin.messageSettings.channels')}</legend>
        <label className="check-row">
          <input type="checkbox" checked={draft.email} onChange={(event) => change({ email: event.target.checked })} />
          <span>{t('admin.messageSettings.email')}</span>
        </label>
        <label className="check-row">
          <input type="checkbox" checked={draft.sms} onChange={(event) => change({ sms: event.target.checked })} />
          <span>{t('admin.messageSettings.sms')}</span>
        </label>
        {channelError && (
          <p className="field-error" id={channelErrorId}>
            {channelError}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('admin.messageSettings.senderName')}
        hint={t('admin.messageSettings.senderNameHint', { max: SENDER_NAME_MAX_LENGTH })}
        error={nameError}
        value={draft.senderName}
        maxLength={SENDER_NAME_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => change({ senderName: event.target.value })}
      />
      <SelectField
        label={t('admin.messageSettings.language')}
        value={draft.language}
        onChange={(event) => change({ language: event.target.value as Language })}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: t(`admin.messageSettings.language.${language}`),
        }))}
      />
      <TextField
        label={t('admin.messageSettings.morningSmsAt')}
        hint={t('admin.messageSettings.morningSmsAtHint')}
        error={morningError}
        type="time"
        required
        value={draft.morningSmsAt}
        onChange={(event) => change({ morningSmsAt: event.target.value })}
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
      <Message tone="error">
        {problem && !nameError && !channelError && !morningError ? problem.message : undefined}
      </Message>
      <Message tone="success">{saved ? t('admin.messageSettings.saved', { country: countryName }) : null}</Message>
    </form>
  );
}

/**
 * Settings > consumer messages: per country on or off, the channels, the sender name, the language and the time of the
 * visit day's SMS.
 */
export function MessageSettingsPage() {
  const { t, language } = useI18n();
  usePageTitle(t('admin.messageSettings.title'));
  const { data, error } = useQuery(MessageSettingsPageQuery);
  return (
    <section>
      <AdminPageHeader title={t('admin.messageSettings.title')} back="/admin/settings" />
      <p className="muted">{t('admin.messageSettings.intro', { time: formatClock(WINDOW_SHOWN_AT, language) })}</p>
      {data ? (
        <div className="message-settings">
          {data.messageSettings.map((setting) => (
            <MessageSettingForm key={setting.country} setting={setting} />
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
