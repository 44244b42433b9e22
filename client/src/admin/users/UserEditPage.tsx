import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { AdminEditForm_AdminFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminFields, toAdminInput, type AdminFormValues } from './AdminFields';
import { AccountSignInActions } from './AccountSignInActions';
import { AdminPageHeader } from '../AdminPageHeader';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { fullName } from '../../../../shared/staff.js';

const UserEditPageQuery = graphql(`
  query UserEditPage($id: Int!) {
    admin(id: $id) {
      id
      ...AdminEditForm_admin
    }
    currentAdmin {
      id
    }
  }
`);

/** @public Read by codegen: the page query and the update spread it. */
export const AdminEditFormFragment = graphql(`
  fragment AdminEditForm_admin on Admin {
    id
    firstname
    lastname
    email
    inactive
    role
  }
`);

const UpdateAdminMutation = graphql(`
  mutation UpdateAdmin($id: Int!, $input: AdminInput!) {
    updateAdmin(id: $id, input: $input) {
      ...AdminEditForm_admin
    }
  }
`);

const DeleteAdminMutation = graphql(`
  mutation DeleteAdmin($id: Int!) {
    deleteAdmin(id: $id) {
      id
    }
  }
`);

/** users/edit/<id>: change names, e-mail and status, or delete (not oneself). */
export function UserEditPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.users.editTitle'));
  const id = Number(useParams().id);
  const { data, error } = useQuery(UserEditPageQuery, { variables: { id }, fetchPolicy: 'network-only' });

  return (
    <section>
      <AdminPageHeader title={t('admin.users.editTitle')} back="/admin/users" />
      {error ? (
        <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>
      ) : !data ? (
        <Spinner />
      ) : (
        <AdminEditForm key={data.admin.id} admin={data.admin} isSelf={data.admin.id === data.currentAdmin.id} />
      )}
    </section>
  );
}

function AdminEditForm({ admin, isSelf }: { admin: AdminEditForm_AdminFragment; isSelf: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [values, setValues] = useState<AdminFormValues>({
    firstname: admin.firstname,
    lastname: admin.lastname,
    email: admin.email,
    inactive: admin.inactive ? '1' : '0',
    role: admin.role,
  });
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const refetchQueries = ['UsersOverviewPage'];
  const [updateAdmin, { loading: saving }] = useMutation(UpdateAdminMutation, { refetchQueries });
  const [deleteAdmin, { loading: deleting }] = useMutation(DeleteAdminMutation, { refetchQueries });
  const [confirm, confirmDialog] = useConfirm();
  const name = fullName(admin);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await updateAdmin({ variables: { id: admin.id, input: toAdminInput(values) } });
      setSaved(true);
    } catch (caught) {
      setProblem(problemOf(caught, t('admin.users.updateFailed')));
    }
  };

  const remove = async () => {
    const sure = await confirm({
      title: t('admin.confirmDeleteTitle', { name }),
      body: t('admin.confirmDeleteBody'),
      confirmLabel: t('common.delete'),
      tone: 'danger',
    });
    if (!sure) return;
    setProblem(null);
    setSaved(false);
    try {
      await deleteAdmin({ variables: { id: admin.id } });
      navigate('/admin/users/overview', { replace: true });
    } catch (caught) {
      setProblem(problemOf(caught, t('admin.users.deleteFailed')));
    }
  };

  return (
    <>
      <form className="card form form-narrow" onSubmit={(event) => void save(event)}>
        <AdminFields values={values} onChange={setValues} errors={problem?.fields ?? {}} statusLocked={isSelf} />
        <Message tone="error">{problem?.message}</Message>
        <Message tone="success">{saved ? t('admin.users.updated') : ''}</Message>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={saving}>
            {t('common.save')}
          </BusyButton>
          <BusyButton
            type="button"
            className="button button-danger"
            onClick={() => void remove()}
            busy={deleting}
            disabled={isSelf}
          >
            {t('common.delete')}
          </BusyButton>
        </div>
      </form>
      {!isSelf && <AccountSignInActions account={{ kind: 'admin', id: admin.id, name }} />}
      {confirmDialog}
    </>
  );
}
