import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoutButton } from '../components/LogoutButton';
import { useI18n } from '../i18n/i18n';
import { firstnameFromToken } from '../lib/jwt';
import { readToken } from '../lib/storage';
import { signOutTechnician } from './offline/technician-storage';

/**
 * The signed-in technician's menu in the header: who is signed in, and signing out. Signing out is rare and ends
 * the day's copies, so it sits behind one more tap instead of as a big button above the first visit. A disclosure
 * (a button that shows a panel), closed again by Escape or a tap elsewhere.
 */
export function TechnicianMenu() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const firstname = firstnameFromToken(readToken('technician'));

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="technician-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="button button-ghost technician-menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t('technician.menu.open')}
      </button>
      <div id={panelId} className="technician-menu-panel" hidden={!open}>
        {firstname && <p className="technician-menu-who">{t('technician.menu.signedInAs', { name: firstname })}</p>}
        <Link className="button button-ghost" to="/technician/devices" onClick={() => setOpen(false)}>
          {t('staff.devices.title')}
        </Link>
        <LogoutButton to="/technician/login" token="technician" signOut={signOutTechnician} />
      </div>
    </div>
  );
}
