import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { StaffShell } from '../components/StaffShell';
import { useI18n } from '../i18n/i18n';
import { readToken } from '../lib/storage';
import { TechnicianMenu } from './TechnicianMenu';

/** The technician area's frame: a header with the logo and, once signed in, the menu with the sign-out. */
export function TechnicianShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  // Read again on every navigation: signing in and out both navigate.
  useLocation();
  const signedIn = readToken('technician') !== null;
  return (
    <StaffShell title={t('technician.title')} actions={signedIn ? <TechnicianMenu /> : undefined}>
      {children}
    </StaffShell>
  );
}
