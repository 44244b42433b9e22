import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { storeToken } from '../../lib/storage';
import { AuthCard } from '../../staff/AuthCard';
import { SignInForm } from '../../staff/SignInForm';

const SignInAdminMutation = graphql(`
  mutation SignInAdmin($input: SignInInput!) {
    signInAdmin(input: $input) {
      adminToken
    }
  }
`);

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [signIn] = useMutation(SignInAdminMutation);
  return (
    <AuthCard title={t('admin.login.title')}>
      <SignInForm
        forgotTo="/admin/forgot"
        onSubmit={async (input) => {
          const { data } = await signIn({ variables: { input } });
          if (!data) throw new Error('No token in the answer');
          storeToken('admin', data.signInAdmin.adminToken);
          navigate('/admin/main', { replace: true });
        }}
      />
    </AuthCard>
  );
}
