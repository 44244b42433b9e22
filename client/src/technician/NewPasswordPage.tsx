import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { AuthCard } from '../staff/AuthCard';
import { NewPasswordForm } from '../staff/NewPasswordForm';
import { TECHNICIAN_PASSWORD_MIN_LENGTH } from '../staff/password-rules';

const RESET_PASSWORD = graphql(`
  mutation TechnicianNewPasswordPageReset($input: NewPasswordInput!) {
    resetTechnicianPassword(input: $input) {
      message
    }
  }
`);

/** /technician/newpassword/<token>: the token is the third path segment. */
export function NewPasswordPage() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const [resetPassword] = useMutation(RESET_PASSWORD);
  return (
    <AuthCard title={t('technician.newPassword.title')}>
      <NewPasswordForm
        minLength={TECHNICIAN_PASSWORD_MIN_LENGTH}
        loginTo="/technician/login"
        onSubmit={async (password) => {
          await resetPassword({ variables: { input: { token, password } } });
        }}
      />
    </AuthCard>
  );
}
