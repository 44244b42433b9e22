import type { MessageKey } from '../../i18n/parts';

/**
 * What the browser's own refusal means to the user: cancelled or timed out (the browser does not tell them apart),
 * a passkey this device holds already, or anything else. The server's refusals come as its texts instead.
 */
export function browserPasskeyProblem(error: unknown): MessageKey | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = 'code' in error ? String(error.code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError') {
    return 'staff.passkeys.alreadyOnDevice';
  }
  if (code === 'ERROR_CEREMONY_ABORTED' || error.name === 'NotAllowedError' || error.name === 'AbortError') {
    return 'staff.passkeys.cancelled';
  }
  if (code.startsWith('ERROR_') || error.name === 'SecurityError' || error.name === 'NotSupportedError') {
    return 'staff.passkeys.failed';
  }
  return undefined;
}
