import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';
import { clearStorage } from '../../lib/storage';

/** Logout clears all local storage and goes to the technician login (spec section 4). */
export function LogoutButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button-ghost"
      onClick={() => {
        clearStorage();
        navigate('/technician/login', { replace: true });
      }}
    >
      {t('common.logout')}
    </button>
  );
}
