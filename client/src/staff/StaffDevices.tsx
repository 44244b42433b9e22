import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../gql';
import { formatDayMonth, formatTime } from '../i18n/format';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { BusyButton } from '../components/BusyButton';
import { Message } from '../components/Message';
import { Spinner } from '../components/Spinner';

const MyDevicesQuery = graphql(`
  query MyDevices {
    myDevices {
      id
      browser
      os
      signedInAt
      lastSeenAt
      current
    }
  }
`);

const EndSessionMutation = graphql(`
  mutation EndSession($id: String!) {
    endSession(id: $id) {
      id
    }
  }
`);

/**
 * "My devices" of the admin console and the technician's phone: where this account is signed in, this device first
 * and marked, each with a sign-out button. Signing out this device clears it and goes to the area's login page (as
 * `signOut` and `loginPath` say); another device is refused from its next request.
 */
export function StaffDevices({ loginPath, signOut }: { loginPath: string; signOut: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(MyDevicesQuery, { fetchPolicy: 'network-only' });
  const [endSession] = useMutation(EndSessionMutation, { refetchQueries: ['MyDevices'] });
  const [ending, setEnding] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const when = (value: string) => {
    const date = new Date(value);
    return { date: formatDayMonth(date, i18n), time: formatTime(date, i18n) };
  };

  const end = async (id: string, device: string, current: boolean) => {
    setEnding(id);
    setNotice('');
    setProblem('');
    try {
      await endSession({ variables: { id } });
      if (current) {
        signOut();
        navigate(loginPath, { replace: true });
        return;
      }
      setNotice(t('staff.devices.signedOut', { device }));
      // The button pressed is gone with its device: the focus stays in the list instead of falling to the page.
      list.current?.focus();
    } catch (caught) {
      setProblem(problemOf(caught, t('common.genericError')).message);
    } finally {
      setEnding(null);
    }
  };

  if (error) return <Message tone="error">{problemOf(error, t('common.genericError')).message}</Message>;
  if (loading && !data) return <Spinner />;
  const devices = data?.myDevices ?? [];
  return (
    <div className="staff-devices">
      <p>{t('staff.devices.intro')}</p>
      <Message tone="success">{notice}</Message>
      <Message tone="error">{problem}</Message>
      {devices.length === 0 ? (
        <p className="muted">{t('staff.devices.empty')}</p>
      ) : (
        <ul className="staff-devices-list" ref={list} tabIndex={-1} aria-label={t('staff.devices.title')}>
          {devices.map((device) => {
            const name = t('staff.devices.device', { browser: device.browser, os: device.os });
            return (
              <li key={device.id} className="card staff-device">
                <div>
                  <p className="staff-device-name">
                    <strong>{name}</strong>
                    {device.current && <span className="badge"> {t('staff.devices.thisDevice')}</span>}
                  </p>
                  <p className="muted">{t('staff.devices.signedIn', when(device.signedInAt))}</p>
                  <p className="muted">{t('staff.devices.lastSeen', when(device.lastSeenAt))}</p>
                </div>
                <BusyButton
                  type="button"
                  className="button button-secondary"
                  busy={ending === device.id}
                  onClick={() => void end(device.id, name, device.current)}
                  aria-label={t('staff.devices.signOutNamed', {
                    device: device.current ? t('staff.devices.thisDevice') : name,
                  })}
                >
                  {t('staff.devices.signOut')}
                </BusyButton>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
