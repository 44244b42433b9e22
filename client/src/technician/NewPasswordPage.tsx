import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { AuthCard } from '../staff/AuthCard';
import { NewPasswordForm } from '../staff/NewPasswordForm';
import { PASSWORD_MIN_LENGTH } from '../../../shared/staff.js';

const ResetTechnicianPasswordMutation = graphql(`
  mutation ResetTechnicianPassword($input: NewPasswordInput!) {
    resetTechnicianPassword(input: $input) {
      message
    }
  }
`);

/** /technician/newpassword/<token>: the token is the third path segment. */
export function NewPasswordPage() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const [resetPassword] = useMutation(ResetTechnicianPasswordMutation);
  return (
    <AuthCard title={t('technician.newPassword.title')}>
      <NewPasswordForm
        minLength={PASSWORD_MIN_LENGTH.technician}
        loginTo="/technician/login"
        onSubmit={async (password) => {
          await resetPassword({ variables: { input: { token, password } } });
        }}
      />
    </AuthCard>
  );
}
