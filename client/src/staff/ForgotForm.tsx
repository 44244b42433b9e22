import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../components/Message';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { TextField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';

/** Asks for a reset mail; the server says whether the address is known (docs/rules.md, Staff accounts). */
export function ForgotForm({ onSubmit, loginTo }: { onSubmit: (email: string) => Promise<void>; loginTo: string }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setSent(false);
    try {
      await onSubmit(email);
      setSent(true);
    } catch (caught) {
      setError(problemOf(caught, t('common.genericError')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('staff.forgot.intro')}</p>
      <TextField
        label={t('staff.email')}
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Message tone="error">{error}</Message>
      <Message tone="success">{sent ? t('staff.forgot.sent') : ''}</Message>
      <BusyButton type="submit" className="button button-primary button-block" busy={busy}>
        {busy ? t('staff.submitting') : t('staff.forgot.submit')}
      </BusyButton>
      <p className="auth-links">
        <Link to={loginTo}>{t('staff.backToLogin')}</Link>
      </p>
    </form>
  );
}
