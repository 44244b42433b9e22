import { useMutation } from '@apollo/client/react';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { AuthCard } from '../staff/AuthCard';
import { ForgotForm } from '../staff/ForgotForm';

const RequestTechnicianPasswordResetMutation = graphql(`
  mutation RequestTechnicianPasswordReset($input: PasswordResetRequestInput!) {
    requestTechnicianPasswordReset(input: $input) {
      message
    }
  }
`);

export function ForgotPage() {
  const { t } = useI18n();
  const [requestReset] = useMutation(RequestTechnicianPasswordResetMutation);
  return (
    <AuthCard title={t('technician.forgot.title')}>
      <ForgotForm
        loginTo="/technician/login"
        onSubmit={async (email) => {
          await requestReset({ variables: { input: { email } } });
        }}
      />
    </AuthCard>
  );
}
