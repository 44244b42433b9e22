import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { AuthCard } from '../../staff/AuthCard';
import { ForgotForm } from '../../staff/ForgotForm';

const RequestAdminPasswordResetMutation = graphql(`
  mutation RequestAdminPasswordReset($input: PasswordResetRequestInput!) {
    requestAdminPasswordReset(input: $input) {
      message
    }
  }
`);

export function ForgotPage() {
  const { t } = useI18n();
  const [requestReset] = useMutation(RequestAdminPasswordResetMutation);
  return (
    <AuthCard title={t('admin.forgot.title')}>
      <ForgotForm
        loginTo="/admin/login"
        onSubmit={async (email) => {
          await requestReset({ variables: { input: { email } } });
        }}
      />
    </AuthCard>
  );
}
