import type { ReactNode } from 'react';
import { StaffShell } from '../components/StaffShell';
import { useI18n } from '../i18n/i18n';

/** The technician area's frame: a header with the logo. */
export function TechnicianShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return <StaffShell title={t('technician.title')}>{children}</StaffShell>;
}
