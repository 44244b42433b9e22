import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { DEFAULT_STARTING_HOUR } from '../../../../shared/hours.js';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { TechnicianFields, type TechnicianFormValues } from './TechnicianFields';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';

const CreateTechnicianMutation = graphql(`
  mutation CreateTechnician($input: CreateTechnicianInput!) {
    createTechnician(input: $input) {
      id
      email
    }
  }
`);

/**
 * technicians/create: then the forgot mail goes out, so the new technician sets a password
 * (docs/rules.md, Staff accounts).
 */
export function TechnicianCreatePage() {
  const { t, country } = useI18n();
  usePageTitle(t('admin.technicians.createTitle'));
  const empty: TechnicianFormValues = {
    firstname: '',
    lastname: '',
    email: '',
    personalNumber: '',
    startingTime: String(DEFAULT_STARTING_HOUR),
    country,
  };
  const [values, setValues] = useState<TechnicianFormValues>(empty);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [created, setCreated] = useState(false);
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const [createTechnician, { loading }] = useMutation(CreateTechnicianMutation, {
    refetchQueries: ['TechniciansIndexPage'],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setCreated(false);
    setMailedTo(null);
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
    // The server mails the new technician a link to set a password.
    setMailedTo(email);
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.technicians.createTitle')} back="/admin/technicians/index" />
      <form className="card form form-narrow" onSubmit={(event) => void submit(event)}>
        <TechnicianFields values={values} onChange={setValues} errors={problem?.fields ?? {}} mode="create" />
        <Message tone="error">{problem?.message}</Message>
        <Message tone="success">{created ? t('admin.technicians.created') : ''}</Message>
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
