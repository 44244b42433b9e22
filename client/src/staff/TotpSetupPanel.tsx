import { useI18n } from '../i18n/i18n';

/** The key in groups of four, as people type it into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?!$)/g, '$1 ');
}

/** The QR code of a new authenticator app, with the key to type for whoever cannot scan it. */
export function TotpSetupPanel({ setup }: { setup: { secret: string; qrCode: string } }) {
  const { t } = useI18n();
  return (
    <div className="totp-setup">
      <p>{t('staff.twoStep.scan')}</p>
      <img className="totp-qr" src={setup.qrCode} alt={t('staff.twoStep.qrAlt')} width={200} height={200} />
      <p>{t('staff.twoStep.typeKey')}</p>
      <p>
        <code className="totp-secret" data-secret={setup.secret}>
          {groupedSecret(setup.secret)}
        </code>
      </p>
    </div>
  );
}

/** Recovery codes, shown once: a list to write down or print. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useI18n();
  return (
    <div className="recovery-codes">
      <p>{t('staff.twoStep.codesIntro')}</p>
      <ul className="recovery-code-list" aria-label={t('staff.twoStep.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
