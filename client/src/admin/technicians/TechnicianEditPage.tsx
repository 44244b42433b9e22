import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { TechnicianEditForm_TechnicianFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { TechnicianFields, type TechnicianFormValues } from './TechnicianFields';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';
import { AccountSignInActions } from '../users/AccountSignInActions';
import { fullName } from '../../../../shared/staff.js';

const TechnicianEditPageQuery = graphql(`
  query TechnicianEditPage($id: Int!) {
    technician(id: $id) {
      id
      ...TechnicianEditForm_technician
    }
  }
`);

/** @public Read by codegen: the page query and the update spread it. */
export const TechnicianEditFormFragment = graphql(`
  fragment TechnicianEditForm_technician on Technician {
    id
    firstname
    lastname
    email
    personalNumber
    startingTime
    country
  }
`);

const UpdateTechnicianMutation = graphql(`
  mutation UpdateTechnician($id: Int!, $input: UpdateTechnicianInput!) {
    updateTechnician(id: $id, input: $input) {
      ...TechnicianEditForm_technician
    }
  }
`);

/** technicians/edit/<id>: everything but the personal number; start hour 07:00-20:00. */
export function TechnicianEditPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.technicians.editTitle'));
  const id = Number(useParams().id);
  const { data, error } = useQuery(TechnicianEditPageQuery, { variables: { id }, fetchPolicy: 'network-only' });

  return (
    <section>
      <AdminPageHeader title={t('admin.technicians.editTitle')} back="/admin/technicians/index" />
      {error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <TechnicianEditForm key={data.technician.id} technician={data.technician} />
          <AccountSignInActions
            account={{ kind: 'technician', id: data.technician.id, name: fullName(data.technician) }}
          />
        </>
      )}
    </section>
  );
}

function TechnicianEditForm({ technician }: { technician: TechnicianEditForm_TechnicianFragment }) {
  const { t } = useI18n();
  const [values, setValues] = useState<TechnicianFormValues>({
    firstname: technician.firstname,
    lastname: technician.lastname,
    email: technician.email,
    personalNumber: technician.personalNumber,
    startingTime: String(technician.startingTime),
    country: technician.country,
  });
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [updateTechnician, { loading }] = useMutation(UpdateTechnicianMutation, {
    refetchQueries: ['TechniciansIndexPage'],
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await updateTechnician({
        variables: {
          id: technician.id,
          input: {
            firstname: values.firstname,
            lastname: values.lastname,
            email: values.email,
            startingTime: Number(values.startingTime),
            country: values.country,
          },
        },
      });
      setSaved(true);
    } catch (caught) {
      setProblem(problemOf(caught, t('admin.technicians.updateFailed')));
    }
  };

  return (
    <form className="card form form-narrow" onSubmit={(event) => void save(event)}>
      <TechnicianFields values={values} onChange={setValues} errors={problem?.fields ?? {}} mode="edit" />
      <Message tone="error">{problem?.message}</Message>
      <Message tone="success">{saved ? t('admin.technicians.updated') : ''}</Message>
      <div className="toolbar">
        <BusyButton type="submit" className="button button-primary" busy={loading}>
          {t('common.save')}
        </BusyButton>
      </div>
    </form>
  );
}
