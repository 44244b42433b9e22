import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { storeToken } from '../../lib/storage';
import { AuthCard } from '../../staff/AuthCard';
import { SecondFactorStep, type SignInChallenge } from '../../staff/SecondFactorStep';
import { SignInForm } from '../../staff/SignInForm';

const BeginAdminSignInMutation = graphql(`
  mutation BeginAdminSignIn($input: SignInInput!) {
    beginAdminSignIn(input: $input) {
      token
      secondFactor {
        challenge
        methods
        setupRequired
      }
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
  const [signIn] = useMutation(BeginAdminSignInMutation);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const [signInWithPasskey] = useMutation(SignInAdminWithPasskeyMutation);
  const signedIn = (token: string, to = '/admin/main') => {
    storeToken('admin', token);
    navigate(to, { replace: true });
  };
  return (
    <AuthCard title={t('admin.login.title')}>
      {challenge ? (
        <SecondFactorStep challenge={challenge} securityPath="/admin/devices" onSignedIn={signedIn} />
      ) : (
        <SignInForm
          forgotTo="/admin/forgot"
          onSubmit={async (input) => {
            const { data } = await signIn({ variables: { input } });
            if (!data) throw new Error('No answer');
            const { token, secondFactor } = data.beginAdminSignIn;
            if (token) signedIn(token);
            else if (secondFactor) setChallenge(secondFactor);
          }}
          onPasskey={async (input) => {
            const { data } = await signInWithPasskey({ variables: { input } });
            if (!data) throw new Error('No token in the answer');
            signedIn(data.signInAdminWithPasskey.adminToken);
          }}
        />
      )}
    </AuthCard>
  );
}
