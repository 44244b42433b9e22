import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';

export interface MailNotice {
  tone: 'info' | 'warning';
  text: string;
}

/**
 * After an account is created, the mail to set a password is sent as a second call: the account
 * exists either way, so a failed mail is a warning beside the success, not an error.
 */
export function usePasswordMailNotice() {
  const { t } = useI18n();
  const [notice, setNotice] = useState<MailNotice | null>(null);
  const send = async (email: string, sendMail: () => Promise<unknown>) => {
    try {
      await sendMail();
      setNotice({ tone: 'info', text: t('admin.mailSent', { email }) });
    } catch (caught) {
      const reason = problemOf(caught, t('common.genericError')).message;
      setNotice({ tone: 'warning', text: t('admin.mailNotSent', { reason }) });
    }
  };
  return { notice, send, clear: () => setNotice(null) };
}
