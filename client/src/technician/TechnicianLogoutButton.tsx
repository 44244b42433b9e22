import { LogoutButton } from '../components/LogoutButton';
import { signOutTechnician } from './offline/technician-storage';

/** Logout of the technician area: everything of this technician goes, other technicians' waiting taps stay. */
export function TechnicianLogoutButton() {
  return <LogoutButton to="/technician/login" signOut={signOutTechnician} />;
}
