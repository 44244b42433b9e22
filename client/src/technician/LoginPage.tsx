import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { storeToken } from '../lib/storage';
import { AuthCard } from '../staff/AuthCard';
import { SignInForm } from '../staff/SignInForm';

const SignInTechnicianMutation = graphql(`
  mutation SignInTechnician($input: SignInInput!) {
    signInTechnician(input: $input) {
      accessToken
    }
  }
`);

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [signIn] = useMutation(SignInTechnicianMutation);
  return (
    <AuthCard title={t('technician.login.title')}>
      <SignInForm
        forgotTo="/technician/forgot"
        onSubmit={async (input) => {
          const { data } = await signIn({ variables: { input } });
          if (!data) throw new Error('No token in the answer');
          storeToken('technician', data.signInTechnician.accessToken);
          navigate('/technician/manage', { replace: true });
        }}
      />
    </AuthCard>
  );
}
