import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminFields, EMPTY_ADMIN, toAdminInput, type AdminFormValues } from './AdminFields';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

const CreateAdminMutation = graphql(`
  mutation CreateAdmin($input: AdminInput!) {
    createAdmin(input: $input) {
      id
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
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const [createAdmin, { loading }] = useMutation(CreateAdminMutation, { refetchQueries: ['UsersOverviewPage'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCreated(false);
    setMailedTo(null);
    const input = toAdminInput(values);
    try {
      await createAdmin({ variables: { input } });
    } catch (error) {
      setProblem(problemOf(error, t('admin.users.createFailed')));
      return;
    }
    setCreated(true);
    setValues(EMPTY_ADMIN);
    // The server mails an active admin a link to set a password.
    if (!input.inactive) setMailedTo(input.email);
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.users.createTitle')} back="/admin/users" />
      <form className="card form form-narrow" onSubmit={(event) => void submit(event)}>
        <AdminFields values={values} onChange={setValues} errors={problem?.fields ?? {}} />
        <Message tone="error">{problem?.message}</Message>
        <Message tone="success">{created ? t('admin.users.created') : ''}</Message>
        <Message tone="info">{mailedTo ? t('admin.mailQueued', { email: mailedTo }) : ''}</Message>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={loading}>
            {t('common.create')}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
