import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../components/Message';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { TextField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';

/**
 * New password and its repetition. The legacy checks run here first (equal, minimum length); the
 * server checks the length again and the token.
 */
export function NewPasswordForm({
  minLength,
  onSubmit,
  loginTo,
}: {
  minLength: number;
  onSubmit: (password: string) => Promise<void>;
  loginTo: string;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (password !== repeat) return setError(t('staff.newPassword.notEqual'));
    if (password.length < minLength) return setError(t('staff.newPassword.tooShort', { min: minLength }));
    setBusy(true);
    try {
      await onSubmit(password);
      setDone(true);
    } catch (caught) {
      setError(problemOf(caught, t('common.genericError')).message);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="form">
        <Message tone="success">{t('staff.newPassword.updated')}</Message>
        <Link className="button button-primary button-block" to={loginTo}>
          {t('staff.signIn')}
        </Link>
      </div>
    );
  }
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('staff.newPassword.password')}
        hint={t('staff.newPassword.hint', { min: minLength })}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={t('staff.newPassword.repeat')}
        type="password"
        name="repeat"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Message tone="error">{error}</Message>
      <BusyButton type="submit" className="button button-primary button-block" busy={busy}>
        {busy ? t('staff.submitting') : t('staff.newPassword.submit')}
      </BusyButton>
      <p className="auth-links">
        <Link to={loginTo}>{t('staff.backToLogin')}</Link>
      </p>
    </form>
  );
}
