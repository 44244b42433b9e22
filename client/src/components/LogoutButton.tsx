import { useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { clearStorage } from '../lib/storage';

/**
 * Logout clears all local storage, as the legacy portal did (or what `signOut` says), and goes to the area's login
 * page.
 */
export function LogoutButton({ to, signOut = clearStorage }: { to: string; signOut?: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button-ghost"
      onClick={() => {
        signOut();
        navigate(to, { replace: true });
      }}
    >
      {t('common.logout')}
    </button>
  );
}
