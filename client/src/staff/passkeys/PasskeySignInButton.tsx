import { useMutation } from '@apollo/client/react';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useState } from 'react';
import { BusyButton } from '../../components/BusyButton';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { browserPasskeyProblem } from './passkey-errors';

const PasskeySignInOptionsMutation = graphql(`
  mutation PasskeySignInOptions {
    passkeySignInOptions {
      challengeId
      optionsJSON
    }
  }
`);

/** The browser's answer to a sign-in challenge, for the area's own sign-in mutation. */
export interface PasskeyAnswer {
  challengeId: string;
  responseJSON: string;
}

/**
 * "Sign in with a passkey", shown only where the browser has WebAuthn: no e-mail typed, the browser offers the
 * passkeys it holds for this site. `onAnswer` signs the area's kind of account in with the answer; `onProblem` shows
 * what went wrong in the form's one error region (empty: nothing), so a page has one alert, not two.
 */
export function PasskeySignInButton({
  onAnswer,
  onProblem,
}: {
  onAnswer: (answer: PasskeyAnswer) => Promise<void>;
  onProblem: (message: string) => void;
}) {
  const { t } = useI18n();
  const [getOptions] = useMutation(PasskeySignInOptionsMutation);
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn()) return null;

  const signIn = async () => {
    setBusy(true);
    onProblem('');
    try {
      const { data } = await getOptions();
      if (!data) throw new Error('No options in the answer');
      const { challengeId, optionsJSON } = data.passkeySignInOptions;
      const response = await startAuthentication({
        optionsJSON: JSON.parse(optionsJSON) as PublicKeyCredentialRequestOptionsJSON,
      });
      await onAnswer({ challengeId, responseJSON: JSON.stringify(response) });
    } catch (caught) {
      const own = browserPasskeyProblem(caught);
      onProblem(own ? t(own) : problemOf(caught, t('staff.passkeys.failed')).message);
      setBusy(false);
    }
  };

  return (
    <div className="passkey-sign-in">
      <p className="muted passkey-or">{t('staff.passkeys.or')}</p>
      <BusyButton
        type="button"
        className="button button-secondary button-block"
        busy={busy}
        onClick={() => void signIn()}
      >
        {t('staff.passkeys.signIn')}
      </BusyButton>
    </div>
  );
}
