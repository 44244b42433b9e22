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

const SignInAdminWithPasskeyMutation = graphql(`
  mutation SignInAdminWithPasskey($input: PasskeySignInInput!) {
    signInAdminWithPasskey(input: $input) {
      adminToken
    }
  }
`);

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [signIn] = useMutation(SignInAdminMutation);
  const [signInWithPasskey] = useMutation(SignInAdminWithPasskeyMutation);
  const signedIn = (token: string) => {
    storeToken('admin', token);
    navigate('/admin/main', { replace: true });
  };
  return (
    <AuthCard title={t('admin.login.title')}>
      <SignInForm
        forgotTo="/admin/forgot"
        onSubmit={async (input) => {
          const { data } = await signIn({ variables: { input } });
          if (!data) throw new Error('No token in the answer');
          signedIn(data.signInAdmin.adminToken);
        }}
        onPasskey={async (input) => {
          const { data } = await signInWithPasskey({ variables: { input } });
          if (!data) throw new Error('No token in the answer');
          signedIn(data.signInAdminWithPasskey.adminToken);
        }}
      />
    </AuthCard>
  );
}
