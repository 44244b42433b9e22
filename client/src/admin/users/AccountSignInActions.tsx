import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf, type ServerProblem } from '../../lib/errors';

const EndAdminSessionsMutation = graphql(`
  mutation EndAdminSessions($id: Int!) {
    endAdminSessions(id: $id) {
      id
    }
  }
`);

const EndTechnicianSessionsMutation = graphql(`
  mutation EndTechnicianSessions($id: Int!) {
    endTechnicianSessions(id: $id) {
      id
    }
  }
`);

const ResetSecondFactorMutation = graphql(`
  mutation ResetSecondFactor($input: StaffAccountInput!) {
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

const RemoveTechnicianPasskeysMutation = graphql(`
  mutation RemoveTechnicianPasskeys($id: Int!) {
    removeTechnicianPasskeys(id: $id) {
      id
      removed
    }
  }
`);

export interface StaffAccountRef {
  kind: 'admin' | 'technician';
  id: number;
  /** The account's full name, for the confirmations. */
  name: string;
}

/**
 * What an admin does for another staff member who lost a device: sign the account out everywhere, reset its second
 * factor, remove its passkeys. One set of buttons for office accounts and technicians alike; each asks first and
 * is recorded on the server.
 */
export function AccountSignInActions({ account }: { account: StaffAccountRef }) {
  const { t } = useI18n();
  const [confirm, confirmDialog] = useConfirm();
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [done, setDone] = useState('');
  const [endAdminSessions, { loading: endingAdmin }] = useMutation(EndAdminSessionsMutation);
  const [endTechnicianSessions, { loading: endingTechnician }] = useMutation(EndTechnicianSessionsMutation);
  const [resetSecondFactor, { loading: resetting }] = useMutation(ResetSecondFactorMutation);
  const [removeAdminPasskeys, { loading: removingAdmin }] = useMutation(RemoveAdminPasskeysMutation);
  const [removeTechnicianPasskeys, { loading: removingTechnician }] = useMutation(RemoveTechnicianPasskeysMutation);
  const variables = { id: account.id };

  /** Asks, runs, and says what was done; a refusal is said in the same place. */
  const act = async (title: string, body: string, run: () => Promise<string>) => {
    if (!(await confirm({ title, body, confirmLabel: title }))) return;
    setProblem(null);
    setDone('');
    try {
      setDone(await run());
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')));
    }
  };

  const signOutEverywhere = () =>
    act(t('admin.users.signOutEverywhere'), t('admin.users.signOutEverywhereBody'), async () => {
      if (account.kind === 'admin') await endAdminSessions({ variables });
      else await endTechnicianSessions({ variables });
      return t('admin.users.signedOutEverywhere');
    });

  /** A lost phone: the account signs in with its password next, and sets up a new app if it must have one. */
  const resetTwoStep = () =>
    act(t('admin.users.resetTwoStep'), t('admin.users.resetTwoStepBody', { name: account.name }), async () => {
      const input = account.kind === 'admin' ? { adminId: account.id } : { technicianId: account.id };
      await resetSecondFactor({ variables: { input } });
      return t('admin.users.twoStepReset');
    });

  /** A lost device: its passkeys go, recorded with this admin's name; the account signs in with its password. */
  const removePasskeys = () =>
    act(t('admin.users.removePasskeys'), t('admin.users.removePasskeysBody'), async () => {
      const removed =
        account.kind === 'admin'
          ? (await removeAdminPasskeys({ variables })).data?.removeAdminPasskeys.removed
          : (await removeTechnicianPasskeys({ variables })).data?.removeTechnicianPasskeys.removed;
      return t('admin.users.passkeysRemoved', { count: removed ?? 0 });
    });

  return (
    <div className="card form form-narrow">
      <Message tone="error">{problem?.message}</Message>
      <Message tone="success">{done}</Message>
      <div className="toolbar">
        <BusyButton
          type="button"
          className="button button-secondary"
          onClick={() => void signOutEverywhere()}
          busy={endingAdmin || endingTechnician}
        >
          {t('admin.users.signOutEverywhere')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button button-secondary"
          onClick={() => void resetTwoStep()}
          busy={resetting}
        >
          {t('admin.users.resetTwoStep')}
        </BusyButton>
        <BusyButton
          type="button"
          className="button button-secondary"
          onClick={() => void removePasskeys()}
          busy={removingAdmin || removingTechnician}
        >
          {t('admin.users.removePasskeys')}
        </BusyButton>
      </div>
      {confirmDialog}
    </div>
  );
}
