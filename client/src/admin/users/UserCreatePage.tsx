import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminFields, EMPTY_ADMIN, toAdminInput, type AdminFormValues } from './AdminFields';

const CREATE_ADMIN = graphql(`
  mutation UserCreatePageCreateAdmin($input: AdminInput!) {
    createAdmin(input: $input) {
      id
    }
  }
`);

const SEND_PASSWORD_MAIL = graphql(`
  mutation UserCreatePageSendPasswordMail($input: PasswordResetRequestInput!) {
    requestAdminPasswordReset(input: $input) {
      message
    }
  }
`);

/** users/create ('Admin aanmaken'): after success the form empties; an active admin gets a mail to set a password. */
export function UserCreatePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.users.createTitle'));
  const [values, setValues] = useState<AdminFormValues>(EMPTY_ADMIN);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [created, setCreated] = useState(false);
  const [mailNotice, setMailNotice] = useState<{ tone: 'info' | 'warning'; text: string } | null>(null);
  const [createAdmin, { loading }] = useMutation(CREATE_ADMIN, { refetchQueries: ['UsersOverviewPageAdmins'] });
  const [sendPasswordMail] = useMutation(SEND_PASSWORD_MAIL);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCreated(false);
    setMailNotice(null);
    const input = toAdminInput(values);
    try {
      await createAdmin({ variables: { input } });
    } catch (error) {
      setProblem(problemOf(error, t('admin.users.createFailed')));
      return;
    }
    setCreated(true);
    setValues(EMPTY_ADMIN);
    if (input.inactive) return;
    try {
      await sendPasswordMail({ variables: { input: { email: input.email } } });
      setMailNotice({ tone: 'info', text: t('admin.mailSent', { email: input.email }) });
    } catch (error) {
      const reason = problemOf(error, t('common.genericError')).message;
      setMailNotice({ tone: 'warning', text: t('admin.mailNotSent', { reason }) });
    }
  };

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.users.createTitle')}</h1>
        <Link className="button button-secondary" to="/admin/users">
          {t('common.back')}
        </Link>
      </div>
      <form className="card form form-narrow" onSubmit={submit}>
        <AdminFields values={values} onChange={setValues} errors={problem?.fields ?? {}} />
        <Message tone="error">{problem?.message}</Message>
        <Message tone="success">{created ? t('admin.users.created') : ''}</Message>
        <Message tone={mailNotice?.tone ?? 'info'}>{mailNotice?.text}</Message>
        <div className="toolbar">
          <button type="submit" className="button button-primary" disabled={loading}>
            {t('common.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
