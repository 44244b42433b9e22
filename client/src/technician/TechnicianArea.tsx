import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaApollo } from '../components/AreaApollo';
import { GuestOnly, RequireToken } from '../components/guards';
import { ForgotPage } from './ForgotPage';
import { LoginPage } from './LoginPage';
import { ManagePage } from './ManagePage';
import { NewPasswordPage } from './NewPasswordPage';
import { TechnicianShell } from './TechnicianShell';

const MANAGE = '/technician/manage';

/**
 * Technician routes (docs/rules.md, Screens and routes): login, forgot and new password for guests;
 * manage needs accessToken.
 */
export default function TechnicianArea() {
  return (
    <AreaApollo token="technician" onExpired="/technician/login">
      <TechnicianShell>
        <Routes>
          <Route index element={<Navigate to={MANAGE} replace />} />
          <Route element={<GuestOnly kind="technician" redirectTo={MANAGE} />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="forgot" element={<ForgotPage />} />
            <Route path="newpassword/:token" element={<NewPasswordPage />} />
          </Route>
          <Route element={<RequireToken kind="technician" redirectTo="/technician/login" />}>
            <Route path="manage" element={<ManagePage />} />
          </Route>
          <Route path="*" element={<Navigate to={MANAGE} replace />} />
        </Routes>
      </TechnicianShell>
    </AreaApollo>
  );
}
