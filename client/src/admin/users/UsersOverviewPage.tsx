import { useQuery } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { fullName } from '../../../../shared/staff.js';

const UsersOverviewPageQuery = graphql(`
  query UsersOverviewPage {
    admins {
      id
      firstname
      lastname
      email
      inactive
      role
    }
  }
`);

/** users/overview: every admin by name; inactive ones dimmed; a row leads to its edit page. */
export function UsersOverviewPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  usePageTitle(t('admin.users.title'));
  const { data, loading, error } = useQuery(UsersOverviewPageQuery);
  const admins = data?.admins ?? [];

  return (
    <section>
      <AdminPageHeader title={t('admin.users.title')}>
        <Link className="button button-primary" to="/admin/users/create">
          {t('common.create')}
        </Link>
      </AdminPageHeader>
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : ''}</Message>
      {loading && !data ? (
        <Spinner />
      ) : admins.length === 0 ? (
        <p className="muted">{t('admin.users.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.person.name')}</th>
                <th scope="col">{t('admin.person.email')}</th>
                <th scope="col">{t('admin.users.role')}</th>
              </tr>
            </thead>
            <tbody>
              {admins.map((admin) => {
                const name = fullName(admin);
                return (
                  <tr
                    key={admin.id}
                    className={admin.inactive ? 'is-clickable is-dimmed' : 'is-clickable'}
                    onClick={() => navigate(`/admin/users/edit/${admin.id}`)}
                  >
                    <td>
                      {/* The link makes the row reachable by keyboard; the row click is for the mouse. */}
                      <Link to={`/admin/users/edit/${admin.id}`} onClick={(event) => event.stopPropagation()}>
                        {name}
                      </Link>
                      {admin.inactive && <span className="visually-hidden"> ({t('admin.users.inactive')})</span>}
                    </td>
                    <td>{admin.email}</td>
                    <td>{t(`admin.users.role.${admin.role}`)}</td>
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
