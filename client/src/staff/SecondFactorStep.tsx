import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BusyButton } from '../components/BusyButton';
import { TextField } from '../components/FormField';
import { Message } from '../components/Message';
import { graphql } from '../gql';
import type { SecondFactorMethod } from '../gql/graphql';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { RecoveryCodeList, TotpSetupPanel } from './TotpSetupPanel';

const VerifySecondFactorMutation = graphql(`
  mutation VerifySecondFactor($input: VerifySecondFactorInput!) {
    verifySecondFactor(input: $input) {
      token
      recoveryCodes
      recoveryCodesLeft
    }
  }
`);

const StartTotpSetupAtSignInMutation = graphql(`
  mutation StartTotpSetupAtSignIn($challenge: String!) {
    startTotpSetupAtSignIn(challenge: $challenge) {
      secret
      qrCode
    }
  }
`);

export interface SignInChallenge {
  challenge: string;
  methods: readonly SecondFactorMethod[];
  setupRequired: boolean;
}

/**
 * The second step of a staff sign-in, after the password: a code of the authenticator app or a recovery code; or,
 * when the account must have a second factor and has none, its set-up, whose first code signs in. After a recovery
 * code it says how many are left, with the way to the page that makes new ones (`securityPath`).
 */
export function SecondFactorStep({
  challenge,
  securityPath,
  onSignedIn,
}: {
  challenge: SignInChallenge;
  securityPath: string;
  /** Stores the token and opens the landing page, or `to`. */
  onSignedIn: (token: string, to?: string) => void;
}) {
  const { t } = useI18n();
  const [verify] = useMutation(VerifySecondFactorMutation);
  const [startSetup] = useMutation(StartTotpSetupAtSignInMutation);
  const [method, setMethod] = useState<SecondFactorMethod>('TOTP');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [done, setDone] = useState<{ token: string; codes: string[] } | null>(null);
  const [recovered, setRecovered] = useState<{ token: string; left: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [done, recovered]);

  useEffect(() => {
    if (!challenge.setupRequired) return;
    startSetup({ variables: { challenge: challenge.challenge } })
      .then(({ data }) => setSetup(data?.startTotpSetupAtSignIn ?? null))
      .catch((caught: unknown) => setError(problemOf(caught, t('common.genericError')).message));
  }, [challenge, startSetup, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { data } = await verify({ variables: { input: { challenge: challenge.challenge, method, code } } });
      if (!data) throw new Error('No token in the answer');
      const { token, recoveryCodes, recoveryCodesLeft } = data.verifySecondFactor;
      if (recoveryCodes) setDone({ token, codes: recoveryCodes });
      else if (recoveryCodesLeft !== null && recoveryCodesLeft !== undefined) {
        setRecovered({ token, left: recoveryCodesLeft });
      } else onSignedIn(token);
    } catch (caught) {
      setError(problemOf(caught, t('common.genericError')).message);
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="form">
        <h2 ref={heading} tabIndex={-1}>
          {t('staff.twoStep.codesTitle')}
        </h2>
        <RecoveryCodeList codes={done.codes} />
        <button type="button" className="button button-primary button-block" onClick={() => onSignedIn(done.token)}>
          {t('staff.twoStep.continue')}
        </button>
      </div>
    );
  }

  if (recovered) {
    const { token, left } = recovered;
    return (
      <div className="form">
        <h2 ref={heading} tabIndex={-1}>
          {t('staff.twoStep.recoveredTitle')}
        </h2>
        <p>
          {left === 0
            ? t('staff.twoStep.codesLeftNone')
            : left === 1
              ? t('staff.twoStep.codesLeftOne')
              : t('staff.twoStep.codesLeft', { count: left })}
        </p>
        <p>
          <Link
            to={securityPath}
            onClick={(event) => {
              // Signed in first: the page behind the link is for signed-in staff.
              event.preventDefault();
              onSignedIn(token, securityPath);
            }}
          >
            {t('staff.twoStep.toSecurity')}
          </Link>
        </p>
        <button type="button" className="button button-primary button-block" onClick={() => onSignedIn(token)}>
          {t('staff.twoStep.continueSignedIn')}
        </button>
      </div>
    );
  }

  const recovery = method === 'RECOVERY_CODE';
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {challenge.setupRequired ? t('staff.twoStep.setupRequired') : t('staff.twoStep.title')}
      </h2>
      {challenge.setupRequired && setup && <TotpSetupPanel setup={setup} />}
      <TextField
        label={recovery ? t('staff.twoStep.recoveryCode') : t('staff.twoStep.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Message tone="error">{error}</Message>
      <BusyButton type="submit" className="button button-primary button-block" busy={busy}>
        {busy ? t('staff.submitting') : t('staff.twoStep.verify')}
      </BusyButton>
      {challenge.methods.includes('RECOVERY_CODE') && (
        <p className="auth-links">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setMethod(recovery ? 'TOTP' : 'RECOVERY_CODE');
              setCode('');
              setError('');
            }}
          >
            {recovery ? t('staff.twoStep.useApp') : t('staff.twoStep.useRecoveryCode')}
          </button>
        </p>
      )}
    </form>
  );
}
