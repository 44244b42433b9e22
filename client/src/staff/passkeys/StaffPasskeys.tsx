import { useMutation, useQuery } from '@apollo/client/react';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { formatDayMonth, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { PASSKEY_NAME_MAX } from '../../../../shared/passkeys.js';
import { browserPasskeyProblem } from './passkey-errors';

const MyPasskeysQuery = graphql(`
  query MyPasskeys {
    myPasskeys {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

const PasskeyRegistrationOptionsMutation = graphql(`
  mutation PasskeyRegistrationOptions {
    passkeyRegistrationOptions {
      challengeId
      optionsJSON
    }
  }
`);

const AddPasskeyMutation = graphql(`
  mutation AddPasskey($input: AddPasskeyInput!) {
    addPasskey(input: $input) {
      id
      name
    }
  }
`);

const RemovePasskeyMutation = graphql(`
  mutation RemovePasskey($id: Int!) {
    removePasskey(id: $id) {
      id
    }
  }
`);

/**
 * The passkeys of the signed-in staff member (admin console and technician's phone): each with when it was added
 * and last used and a remove button, and a form that names and adds one on this device.
 */
export function StaffPasskeys() {
  const i18n = useI18n();
  const { t } = i18n;
  const supported = browserSupportsWebAuthn();
  const { data, loading, error } = useQuery(MyPasskeysQuery, { fetchPolicy: 'network-only' });
  const [getOptions] = useMutation(PasskeyRegistrationOptionsMutation);
  const [addPasskey] = useMutation(AddPasskeyMutation, { refetchQueries: ['MyPasskeys'], awaitRefetchQueries: true });
  const [removePasskey] = useMutation(RemovePasskeyMutation, {
    refetchQueries: ['MyPasskeys'],
    awaitRefetchQueries: true,
  });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const when = (value: string) => {
    const date = new Date(value);
    return { date: formatDayMonth(date, i18n), time: formatTime(date, i18n) };
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    setProblem('');
    setNameError('');
    if (name.trim() === '') {
      setNameError(t('staff.passkeys.nameRequired'));
      return;
    }
    setAdding(true);
    try {
      const { data: options } = await getOptions();
      if (!options) throw new Error('No options in the answer');
      const { challengeId, optionsJSON } = options.passkeyRegistrationOptions;
      const response = await startRegistration({
        optionsJSON: JSON.parse(optionsJSON) as PublicKeyCredentialCreationOptionsJSON,
      });
      const { data: added } = await addPasskey({
        variables: { input: { challengeId, responseJSON: JSON.stringify(response), name } },
      });
      setName('');
      setNotice(t('staff.passkeys.added', { name: added?.addPasskey.name ?? name }));
    } catch (caught) {
      const own = browserPasskeyProblem(caught);
      const found = problemOf(caught, t('common.genericError'));
      if (!own && found.fields.name) setNameError(found.fields.name);
      else setProblem(own ? t(own) : found.message);
    } finally {
      setAdding(false);
    }
  };

  const remove = async (id: number, passkeyName: string) => {
    setRemoving(id);
    setNotice('');
    setProblem('');
    try {
      await removePasskey({ variables: { id } });
      setNotice(t('staff.passkeys.removed', { name: passkeyName }));
      // The button pressed is gone with its passkey: the focus stays in the list instead of falling to the page.
      list.current?.focus();
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')).message);
    } finally {
      setRemoving(null);
    }
  };

  const passkeys = data?.myPasskeys ?? [];
  return (
    <section className="staff-passkeys" aria-labelledby="staff-passkeys-title">
      <h2 id="staff-passkeys-title">{t('staff.passkeys.title')}</h2>
      <p>{t('staff.passkeys.intro')}</p>
      <Message tone="success">{notice}</Message>
      <Message tone="error">{problem}</Message>
      {error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : loading && !data ? (
        <Spinner />
      ) : passkeys.length === 0 ? (
        <p className="muted">{t('staff.passkeys.empty')}</p>
      ) : (
        <ul className="staff-devices-list" ref={list} tabIndex={-1} aria-label={t('staff.passkeys.title')}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="card staff-device">
              <div>
                <p className="staff-device-name">
                  <strong>{passkey.name}</strong>
                </p>
                <p className="muted">{t('staff.passkeys.addedOn', when(passkey.createdAt))}</p>
                <p className="muted">
                  {passkey.lastUsedAt
                    ? t('staff.passkeys.lastUsed', when(passkey.lastUsedAt))
                    : t('staff.passkeys.neverUsed')}
                </p>
              </div>
              <BusyButton
                type="button"
                className="button button-secondary"
                busy={removing === passkey.id}
                onClick={() => void remove(passkey.id, passkey.name)}
                aria-label={t('staff.passkeys.removeNamed', { name: passkey.name })}
              >
                {t('staff.passkeys.remove')}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form className="form staff-passkeys-add" onSubmit={(event) => void add(event)} noValidate>
          <TextField
            label={t('staff.passkeys.name')}
            hint={t('staff.passkeys.nameHint')}
            name="passkeyName"
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <BusyButton type="submit" className="button button-primary" busy={adding}>
            {adding ? t('staff.submitting') : t('staff.passkeys.add')}
          </BusyButton>
        </form>
      ) : (
        <p className="muted">{t('staff.passkeys.unsupported')}</p>
      )}
    </section>
  );
}
