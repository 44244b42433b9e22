import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { TechnicianFields, type TechnicianFormValues } from './TechnicianFields';

const CREATE_TECHNICIAN = graphql(`
  mutation TechnicianCreatePageCreate($input: CreateTechnicianInput!) {
    createTechnician(input: $input) {
      id
      email
    }
  }
`);

const SEND_PASSWORD_MAIL = graphql(`
  mutation TechnicianCreatePageSendPasswordMail($input: PasswordResetRequestInput!) {
    requestTechnicianPasswordReset(input: $input) {
      message
    }
  }
`);

/** technicians/create: then the forgot mail goes out, so the new technician sets a password (spec section 7). */
export function TechnicianCreatePage() {
  const { t, country } = useI18n();
  usePageTitle(t('admin.technicians.createTitle'));
  const empty: TechnicianFormValues = {
    firstname: '',
    lastname: '',
    email: '',
    personalNumber: '',
    startingTime: '8',
    country,
  };
  const [values, setValues] = useState<TechnicianFormValues>(empty);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [created, setCreated] = useState(false);
  const [mailNotice, setMailNotice] = useState<{ tone: 'info' | 'warning'; text: string } | null>(null);
  const [createTechnician, { loading }] = useMutation(CREATE_TECHNICIAN, {
    refetchQueries: ['TechniciansIndexPageTechnicians'],
  });
  const [sendPasswordMail] = useMutation(SEND_PASSWORD_MAIL);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCreated(false);
    setMailNotice(null);
    let email: string;
    try {
      const { data } = await createTechnician({
        variables: {
          input: {
            firstname: values.firstname,
            lastname: values.lastname,
            email: values.email,
            personalNumber: values.personalNumber,
            country: values.country,
          },
        },
      });
      email = data?.createTechnician.email ?? values.email;
    } catch (caught) {
      setProblem(problemOf(caught, t('admin.technicians.createFailed')));
      return;
    }
    setCreated(true);
    setValues(empty);
    try {
      await sendPasswordMail({ variables: { input: { email } } });
      setMailNotice({ tone: 'info', text: t('admin.mailSent', { email }) });
    } catch (caught) {
      const reason = problemOf(caught, t('common.genericError')).message;
      setMailNotice({ tone: 'warning', text: t('admin.mailNotSent', { reason }) });
    }
  };

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.technicians.createTitle')}</h1>
        <Link className="button button-secondary" to="/admin/technicians/index">
          {t('common.back')}
        </Link>
      </div>
      <form className="card form form-narrow" onSubmit={submit}>
        <TechnicianFields values={values} onChange={setValues} errors={problem?.fields ?? {}} mode="create" />
        <Message tone="error">{problem?.message}</Message>
        <Message tone="success">{created ? t('admin.technicians.created') : ''}</Message>
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
