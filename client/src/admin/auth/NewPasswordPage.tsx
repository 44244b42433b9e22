import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { AuthCard } from '../../staff/AuthCard';
import { NewPasswordForm } from '../../staff/NewPasswordForm';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/staff.js';

const ResetAdminPasswordMutation = graphql(`
  mutation ResetAdminPassword($input: NewPasswordInput!) {
    resetAdminPassword(input: $input) {
      message
    }
  }
`);

/** /admin/newpassword/<token>: the token is the fourth segment of the full path. */
export function NewPasswordPage() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const [resetPassword] = useMutation(ResetAdminPasswordMutation);
  return (
    <AuthCard title={t('admin.newPassword.title')}>
      <NewPasswordForm
        minLength={PASSWORD_MIN_LENGTH.admin}
        loginTo="/admin/login"
        onSubmit={async (password) => {
          await resetPassword({ variables: { input: { token, password } } });
        }}
      />
    </AuthCard>
  );
}
