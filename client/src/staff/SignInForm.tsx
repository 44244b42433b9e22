import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../components/Message';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { TextField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';
import { PasskeySignInButton, type PasskeyAnswer } from './passkeys/PasskeySignInButton';

/**
 * E-mail and password, a submit button (Enter submits too) and the 'forgot password' link; with `onPasskey`, a
 * passkey sign-in too (where the browser has WebAuthn).
 */
export function SignInForm({
  onSubmit,
  onPasskey,
  forgotTo,
}: {
  onSubmit: (credentials: { email: string; password: string }) => Promise<void>;
  onPasskey?: (answer: PasskeyAnswer) => Promise<void>;
  forgotTo: string;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onSubmit({ email, password });
    } catch (caught) {
      setError(problemOf(caught, t('common.genericError')).message);
      setBusy(false);
    }
  };

  return (
    <>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('staff.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={t('staff.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Message tone="error">{error}</Message>
        <BusyButton type="submit" className="button button-primary button-block" busy={busy}>
          {busy ? t('staff.submitting') : t('staff.signIn')}
        </BusyButton>
        <p className="auth-links">
          <Link to={forgotTo}>{t('staff.forgotLink')}</Link>
        </p>
      </form>
      {onPasskey && <PasskeySignInButton onAnswer={onPasskey} onProblem={setError} />}
    </>
  );
}
