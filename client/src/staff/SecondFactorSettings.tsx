import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../components/BusyButton';
import { TextField } from '../components/FormField';
import { Message } from '../components/Message';
import { Spinner } from '../components/Spinner';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { RecoveryCodeList, TotpSetupPanel } from './TotpSetupPanel';

const MySecondFactorQuery = graphql(`
  query MySecondFactor {
    mySecondFactor {
      totpEnabled
      recoveryCodesLeft
      required
    }
  }
`);

const StartTotpSetupMutation = graphql(`
  mutation StartTotpSetup {
    startTotpSetup {
      secret
      qrCode
    }
  }
`);

const ConfirmTotpSetupMutation = graphql(`
  mutation ConfirmTotpSetup($code: String!) {
    confirmTotpSetup(code: $code) {
      recoveryCodes
    }
  }
`);

const TurnOffTotpMutation = graphql(`
  mutation TurnOffTotp($input: SecondFactorProofInput!) {
    turnOffTotp(input: $input) {
      totpEnabled
    }
  }
`);

const RenewRecoveryCodesMutation = graphql(`
  mutation RenewRecoveryCodes($input: SecondFactorProofInput!) {
    renewRecoveryCodes(input: $input) {
      recoveryCodes
    }
  }
`);

type Action = 'off' | 'renew';

/** A current code or the password: a six-digit answer is read as a code, anything else as the password. */
function proofOf(typed: string): { code?: string; password?: string } {
  return /^\s*\d{3}\s?\d{3}\s*$/.test(typed) ? { code: typed } : { password: typed };
}

/**
 * "Two-step verification" on the account page of the console and the technician's phone: set up an authenticator
 * app (QR code or key, then its first code), turn it off, or make new recovery codes (each with a current code or the
 * password). Recovery codes are shown once, right after they are made.
 */
export function SecondFactorSettings() {
  const { t } = useI18n();
  const refetchQueries = ['MySecondFactor'];
  const { data, loading, error } = useQuery(MySecondFactorQuery, { fetchPolicy: 'network-only' });
  const [startSetup] = useMutation(StartTotpSetupMutation);
  const [confirmSetup] = useMutation(ConfirmTotpSetupMutation, { refetchQueries });
  const [turnOff] = useMutation(TurnOffTotpMutation, { refetchQueries });
  const [renew] = useMutation(RenewRecoveryCodesMutation, { refetchQueries });
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem('');
    setNotice('');
    try {
      await work();
      setTyped('');
      // The button pressed is gone with its form: the focus goes to the section's heading.
      heading.current?.focus();
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')).message);
    } finally {
      setBusy(false);
    }
  };

  const begin = () =>
    run(async () => {
      const { data: started } = await startSetup();
      setSetup(started?.startTotpSetup ?? null);
      setCodes(null);
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const { data: confirmed } = await confirmSetup({ variables: { code: typed } });
      setSetup(null);
      setCodes(confirmed?.confirmTotpSetup.recoveryCodes ?? null);
      setNotice(t('staff.twoStep.turnedOn'));
    });
  };

  const prove = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const input = proofOf(typed);
      if (action === 'off') {
        await turnOff({ variables: { input } });
        setNotice(t('staff.twoStep.turnedOff'));
      } else {
        const { data: renewed } = await renew({ variables: { input } });
        setCodes(renewed?.renewRecoveryCodes.recoveryCodes ?? null);
      }
      setAction(null);
    });
  };

  if (error) return <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>;
  if (loading && !data) return <Spinner />;
  const status = data?.mySecondFactor;
  // An admin acting as a technician manages its own second factor in the console.
  if (!status) return null;
  return (
    <section className="card second-factor" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" ref={heading} tabIndex={-1}>
        {t('staff.twoStep.heading')}
      </h2>
      <p>{status.totpEnabled ? t('staff.twoStep.on', { count: status.recoveryCodesLeft }) : t('staff.twoStep.off')}</p>
      {status.required && <p>{t('staff.twoStep.required')}</p>}
      <Message tone="success">{notice}</Message>
      <Message tone="error">{problem}</Message>
      {codes && <RecoveryCodeList codes={codes} />}
      {!status.totpEnabled && !setup && (
        <BusyButton type="button" className="button button-primary" busy={busy} onClick={() => void begin()}>
          {t('staff.twoStep.setUp')}
        </BusyButton>
      )}
      {!status.totpEnabled && setup && (
        <form className="form" onSubmit={(event) => void confirm(event)} noValidate>
          <TotpSetupPanel setup={setup} />
          <TextField
            label={t('staff.twoStep.firstCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <BusyButton type="submit" className="button button-primary" busy={busy}>
            {t('staff.twoStep.turnOn')}
          </BusyButton>
        </form>
      )}
      {status.totpEnabled && action === null && (
        <div className="second-factor-actions">
          <button type="button" className="button button-secondary" onClick={() => setAction('renew')}>
            {t('staff.twoStep.newCodes')}
          </button>
          {!status.required && (
            <button type="button" className="button button-secondary" onClick={() => setAction('off')}>
              {t('staff.twoStep.turnOff')}
            </button>
          )}
        </div>
      )}
      {status.totpEnabled && action !== null && (
        <form className="form" onSubmit={(event) => void prove(event)} noValidate>
          <TextField
            label={t('staff.twoStep.proof')}
            name="proof"
            type="password"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="second-factor-actions">
            <BusyButton type="submit" className="button button-primary" busy={busy}>
              {action === 'off' ? t('staff.twoStep.turnOff') : t('staff.twoStep.newCodes')}
            </BusyButton>
            <button type="button" className="button button-secondary" onClick={() => setAction(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
