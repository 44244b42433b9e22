import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { openTechnicianArea, TECHNICIAN_AREA_PATH } from './open-technician-area';
import { AdminPageHeader } from '../AdminPageHeader';
import { DeleteTechnicianDialog, type LeavingTechnician } from './DeleteTechnicianDialog';

const TechniciansIndexPageQuery = graphql(`
  query TechniciansIndexPage($search: String) {
    technicians(search: $search) {
      id
      firstname
      lastname
      email
      personalNumber
      country
      lastOnline
    }
  }
`);

const SignInAsTechnicianMutation = graphql(`
  mutation SignInAsTechnician($technicianId: Int!) {
    signInAsTechnician(technicianId: $technicianId) {
      technicianToken
    }
  }
`);

/** Waits until typing pauses, so the list is not fetched for every key. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type Notice = { tone: 'success' | 'error' | 'warning'; text: string; plannerLink?: boolean };

/** technicians/index: search, the list (name, country, last login, actions), create and back. */
export function TechniciansIndexPage() {
  const { t, ...locale } = useI18n();
  usePageTitle(t('admin.technicians.title'));
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const { data, previousData, loading, error } = useQuery(TechniciansIndexPageQuery, {
    variables: { search: term || null },
  });
  const [signInAs] = useMutation(SignInAsTechnicianMutation);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [leaving, setLeaving] = useState<LeavingTechnician | null>(null);
  // Empty while the row exists (the dialog returns to its button); the search once the row is gone.
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const technicians = (data ?? previousData)?.technicians ?? [];

  const closeDelete = (deleted: string | null) => {
    focusAfterDialog.current = deleted ? searchField.current : null;
    setLeaving(null);
    if (deleted) setNotice({ tone: 'success', text: deleted });
  };

  const openAs = async (id: number) => {
    setNotice(null);
    try {
      const outcome = await openTechnicianArea(async () => {
        const { data: answer } = await signInAs({ variables: { technicianId: id } });
        if (!answer) throw new Error('No token in the answer');
        return answer.signInAsTechnician.technicianToken;
      });
      if (outcome === 'blocked') {
        setNotice({ tone: 'warning', text: t('admin.technicians.popupBlocked'), plannerLink: true });
      }
    } catch (caught) {
      setNotice({ tone: 'error', text: problemOf(caught, t('common.genericError')).message });
    }
  };

  return (
    <section>
      <AdminPageHeader title={t('admin.technicians.title')}>
        <Link className="button button-primary" to="/admin/technicians/create">
          {t('common.create')}
        </Link>
      </AdminPageHeader>
      {leaving && <DeleteTechnicianDialog technician={leaving} returnFocus={focusAfterDialog} onClose={closeDelete} />}
      <FormField
        id="technician-search"
        className="search-field"
        role="search"
        label={t('admin.technicians.search')}
        labelHidden
      >
        {(control) => (
          <input
            {...control}
            ref={searchField}
            type="search"
            placeholder={t('admin.technicians.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </FormField>
      <Message tone={notice?.tone ?? 'info'}>
        {notice && (
          <>
            {notice.text}
            {notice.plannerLink && (
              <>
                {' '}
                <a href={TECHNICIAN_AREA_PATH} target="_blank" rel="noopener">
                  {t('admin.technicians.openPlanner')}
                </a>
              </>
            )}
          </>
        )}
      </Message>
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : ''}</Message>
      {loading && technicians.length === 0 ? (
        <Spinner />
      ) : technicians.length === 0 ? (
        <p className="muted">{t('admin.technicians.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="technician-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.person.name')}</th>
                <th scope="col">{t('admin.technicians.country')}</th>
                <th scope="col">{t('admin.technicians.lastLogin')}</th>
                <th scope="col">{t('admin.technicians.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {technicians.map((technician) => {
                const name = `${technician.firstname} ${technician.lastname}`.trim();
                const lastOnline = technician.lastOnline ? new Date(technician.lastOnline) : null;
                return (
                  <tr key={technician.id}>
                    <td>
                      <span className="technician-name">{name}</span>
                      <span className="muted technician-number">{technician.personalNumber}</span>
                    </td>
                    <td className="technician-country">{t(`common.country.${technician.country}`)}</td>
                    <td>
                      {lastOnline ? (
                        <time dateTime={lastOnline.toISOString()}>
                          {formatDayMonthYear(lastOnline, locale)} {formatTime(lastOnline, locale)}
                        </time>
                      ) : (
                        <span className="muted">{t('admin.technicians.never')}</span>
                      )}
                    </td>
                    <td>
                      <div className="row-actions">
                        <Link
                          className="button button-secondary"
                          to={`/admin/technicians/edit/${technician.id}`}
                          aria-label={t('admin.technicians.editLabel', { name })}
                        >
                          {t('common.edit')}
                        </Link>
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => void openAs(technician.id)}
                          aria-label={t('admin.technicians.signInAsLabel', { name })}
                        >
                          {t('admin.technicians.signInAs')}
                        </button>
                        <button
                          type="button"
                          className="button button-danger"
                          onClick={() => {
                            setNotice(null);
                            focusAfterDialog.current = null;
                            setLeaving({ id: technician.id, name, country: technician.country });
                          }}
                          aria-label={t('admin.technicians.deleteLabel', { name })}
                        >
                          {t('common.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
