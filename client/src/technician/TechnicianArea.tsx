import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaApollo } from '../components/AreaApollo';
import { GuestOnly, RequireToken } from '../components/guards';
import { ForgotPage } from './ForgotPage';
import { LandingPage } from './LandingPage';
import { DevicesPage } from './DevicesPage';
import { LoginPage } from './LoginPage';
import { ManagePage } from './ManagePage';
import { NewPasswordPage } from './NewPasswordPage';
import { endSessionKeepingWaitingTaps, sweepTechnicianStorage } from './offline/technician-storage';
import { SignedInFrame } from './SignedInFrame';
import { TechnicianShell } from './TechnicianShell';
import { TodayPage } from './today/TodayPage';
import './technician.css';

/** Where the work is: today's visits on a working day, the planner otherwise (the landing page decides). */
const LANDING = '/technician';

/**
 * Technician routes (docs/rules.md, Screens and routes): login, forgot and new password for guests;
 * the planner (manage, the next working day) and today's visits need accessToken; `/technician` opens the one
 * where the work is.
 */
export default function TechnicianArea() {
  // Once per opening of the area, before any page reads the storage: copies past their day go.
  useState(() => sweepTechnicianStorage());
  return (
    <AreaApollo token="technician" onExpired="/technician/login" endSession={endSessionKeepingWaitingTaps}>
      <TechnicianShell>
        <Routes>
          <Route element={<GuestOnly kind="technician" redirectTo={LANDING} />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="forgot" element={<ForgotPage />} />
            <Route path="newpassword/:token" element={<NewPasswordPage />} />
          </Route>
          <Route element={<RequireToken kind="technician" redirectTo="/technician/login" />}>
            <Route index element={<LandingPage />} />
            <Route element={<SignedInFrame />}>
              <Route path="manage" element={<ManagePage />} />
              <Route path="today" element={<TodayPage />} />
              <Route path="devices" element={<DevicesPage />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={LANDING} replace />} />
        </Routes>
      </TechnicianShell>
    </AreaApollo>
  );
}
