import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n } from '../i18n/i18n';
import { decodeTokenPayload } from '../lib/jwt';
import { clearStorage, readToken, type TokenKind } from '../lib/storage';
import { BusyButton } from './BusyButton';

const SignOutThisDeviceMutation = graphql(`
  mutation SignOutThisDevice($id: String!) {
    endSession(id: $id) {
      id
    }
  }
`);

/** How long sign-out waits for the server in a dead spot before it clears the device anyway. */
const SIGN_OUT_WAIT_MS = 4000;

/**
 * Logout ends this device's session on the server, so a copied token is refused from then on, then clears local
 * storage as the legacy portal did (or what `signOut` says) and goes to the area's login page. Offline, or when the
 * server does not answer in time, the device is cleared all the same: the session then ends when it expires.
 */
export function LogoutButton({
  to,
  token,
  signOut = clearStorage,
}: {
  to: string;
  token: TokenKind;
  signOut?: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [endSession] = useMutation(SignOutThisDeviceMutation);
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    const { sid } = decodeTokenPayload<{ sid: string }>(readToken(token));
    if (typeof sid === 'string' && navigator.onLine) {
      setBusy(true);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          endSession({ variables: { id: sid } }),
          new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS))),
        ]);
      } catch {
        // Already ended (signed out elsewhere, expired) or unreachable: this device is cleared all the same.
      } finally {
        clearTimeout(timer);
      }
    }
    signOut();
    navigate(to, { replace: true });
  };

  return (
    <BusyButton type="button" className="button button-ghost" busy={busy} onClick={() => void logout()}>
      {t('common.logout')}
    </BusyButton>
  );
}
