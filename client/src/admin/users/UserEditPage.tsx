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

const ResetAdminSecondFactorMutation = graphql(`
  mutation ResetAdminSecondFactor($input: StaffAccountInput!) {
    resetSecondFactor(input: $input)
  }
`);

const RemoveAdminPasskeysMutation = graphql(`
  mutation RemoveAdminPasskeys($id: Int!) {
    removeAdminPasskeys(id: $id) {
      id
      removed
    }
  }
`);

const EndAdminSessionsMutation = graphql(`
  mutation EndAdminSessions($id: Int!) {
    endAdminSessions(id: $id) {
      id
    }
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
  const [endSessions, { loading: ending }] = useMutation(EndAdminSessionsMutation);
  const [resetSecondFactor, { loading: resetting }] = useMutation(ResetAdminSecondFactorMutation);
  const [wasReset, setWasReset] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [removePasskeys, { loading: removingPasskeys }] = useMutation(RemoveAdminPasskeysMutation);
  const [passkeysRemoved, setPasskeysRemoved] = useState<number | null>(null);
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

  const signOutEverywhere = async () => {
    const sure = await confirm({
      title: t('admin.users.signOutEverywhere'),
      body: t('admin.users.signOutEverywhereBody'),
      confirmLabel: t('admin.users.signOutEverywhere'),
    });
    if (!sure) return;
    setProblem(null);
    setSaved(false);
    setSignedOut(false);
    try {
      await endSessions({ variables: { id: admin.id } });
      setSignedOut(true);
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
    }
  };

  /** A lost device: its passkeys go, recorded with this admin's name; the account signs in with its password. */
  const removeAllPasskeys = async () => {
    const sure = await confirm({
      title: t('admin.users.removePasskeys'),
      body: t('admin.users.removePasskeysBody'),
      confirmLabel: t('admin.users.removePasskeys'),
    });
    if (!sure) return;
    setProblem(null);
    setSaved(false);
    setSignedOut(false);
    setWasReset(false);
    setPasskeysRemoved(null);
    try {
      const { data } = await removePasskeys({ variables: { id: admin.id } });
      setPasskeysRemoved(data?.removeAdminPasskeys.removed ?? 0);
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
    }
  };

  /** A lost phone: the account signs in with its password next, and sets up a new app if it must have one. */
  const resetTwoStep = async () => {
    const sure = await confirm({
      title: t('admin.users.resetTwoStep'),
      body: t('admin.users.resetTwoStepBody', { name }),
      confirmLabel: t('admin.users.resetTwoStep'),
    });
    if (!sure) return;
    setProblem(null);
    setSaved(false);
    setWasReset(false);
    setPasskeysRemoved(null);
    try {
      await resetSecondFactor({ variables: { input: { adminId: admin.id } } });
      setWasReset(true);
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
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
        <Message tone="success">
          {saved
            ? t('admin.users.updated')
            : signedOut
              ? t('admin.users.signedOutEverywhere')
              : wasReset
                ? t('admin.users.twoStepReset')
                : passkeysRemoved !== null
                  ? t('admin.users.passkeysRemoved', { count: passkeysRemoved })
                  : ''}
        </Message>
        <div className="toolbar">
          <BusyButton type="submit" className="button button-primary" busy={saving}>
            {t('common.save')}
          </BusyButton>
          {!isSelf && (
            <BusyButton
              type="button"
              className="button button-secondary"
              onClick={() => void signOutEverywhere()}
              busy={ending}
            >
              {t('admin.users.signOutEverywhere')}
            </BusyButton>
          )}
          {!isSelf && (
            <BusyButton
              type="button"
              className="button button-secondary"
              onClick={() => void resetTwoStep()}
              busy={resetting}
            >
              {t('admin.users.resetTwoStep')}
            </BusyButton>
          )}
          {!isSelf && (
            <BusyButton
              type="button"
              className="button button-secondary"
              onClick={() => void removeAllPasskeys()}
              busy={removingPasskeys}
            >
              {t('admin.users.removePasskeys')}
            </BusyButton>
          )}
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
      {confirmDialog}
    </>
  );
}
