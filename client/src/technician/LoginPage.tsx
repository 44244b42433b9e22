import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Message } from '../components/Message';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { storeToken } from '../lib/storage';
import { AuthCard } from '../staff/AuthCard';
import { SecondFactorStep, type SignInChallenge } from '../staff/SecondFactorStep';
import { SignInForm } from '../staff/SignInForm';
import { waitingCountOf } from './offline/status-queue';
import {
  endedSessionTechnicianId,
  forgetEndedSession,
  forgetOtherTechniciansCopies,
} from './offline/technician-storage';

const BeginTechnicianSignInMutation = graphql(`
  mutation BeginTechnicianSignIn($input: SignInInput!) {
    beginTechnicianSignIn(input: $input) {
      token
      secondFactor {
        challenge
        methods
        setupRequired
      }
    }
  }
`);

const SignInTechnicianWithPasskeyMutation = graphql(`
  mutation SignInTechnicianWithPasskey($input: PasskeySignInInput!) {
    signInTechnicianWithPasskey(input: $input) {
      accessToken
    }
  }
`);

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [signIn] = useMutation(BeginTechnicianSignInMutation);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const [signInWithPasskey] = useMutation(SignInTechnicianWithPasskeyMutation);
  const signedIn = (token: string, to = '/technician') => {
    storeToken('technician', token);
    forgetEndedSession();
    // Another technician's copies of their day do not stay on a phone someone else now uses.
    forgetOtherTechniciansCopies();
    // The landing page opens where the work is: today's visits (and waiting taps), or the planner.
    navigate(to, { replace: true });
  };
  // The server ended the last session (a new password, an expired token) while taps were waiting: say so.
  const [waitingOfEndedSession] = useState(() => {
    const ended = endedSessionTechnicianId();
    return ended === null ? 0 : waitingCountOf(ended);
  });
  return (
    <AuthCard title={t('technician.login.title')}>
      {waitingOfEndedSession > 0 && (
        <Message tone="warning">{t('technician.login.waitingTaps', { count: waitingOfEndedSession })}</Message>
      )}
      {challenge ? (
        <SecondFactorStep challenge={challenge} securityPath="/technician/devices" onSignedIn={signedIn} />
      ) : (
        <SignInForm
          forgotTo="/technician/forgot"
          onSubmit={async (input) => {
            const { data } = await signIn({ variables: { input } });
            if (!data) throw new Error('No answer');
            const { token, secondFactor } = data.beginTechnicianSignIn;
            if (token) signedIn(token);
            else if (secondFactor) setChallenge(secondFactor);
          }}
          onPasskey={async (input) => {
            const { data } = await signInWithPasskey({ variables: { input } });
            if (!data) throw new Error('No token in the answer');
            signedIn(data.signInTechnicianWithPasskey.accessToken);
          }}
        />
      )}
    </AuthCard>
  );
}
