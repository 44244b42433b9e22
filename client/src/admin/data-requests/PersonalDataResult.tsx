import { BusyButton } from '../../components/BusyButton';
import { graphql } from '../../gql';
import type { PersonalDataResult_FindingsFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { Status } from '../orders/StatusMessages';
import { HeldDataParts } from './HeldDataParts';
import { useDataRequestActions } from './useDataRequestActions';

/** @public Read by codegen: the page query spreads it. */
export const PersonalDataResultFragment = graphql(`
  fragment PersonalDataResult_findings on PersonalDataFindings {
    orders {
      id
      referenceNumber
      name
      email
      phone
      address
      appointment
      deleted
      planned
    }
    ...HeldDataParts_findings
  }
`);

/** What was found about the person: their orders (planned ones first), what else is held, downloads and the erase. */
export function PersonalDataResult({
  findings,
  search,
  onStatus,
  onErased,
}: {
  findings: PersonalDataResult_FindingsFragment;
  search: string;
  onStatus: (status: Status) => void;
  onErased: (text: string) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const actions = useDataRequestActions(search, onStatus, onErased);
  const planned = findings.orders.filter((order) => order.planned).length;
  const stateOf = (order: (typeof findings.orders)[number]) =>
    order.planned
      ? t('admin.dataRequests.planned')
      : order.deleted
        ? t('admin.dataRequests.deleted')
        : t('admin.dataRequests.past');

  return (
    <section className="card" aria-labelledby="data-found">
      <h2 id="data-found">{t('admin.dataRequests.found', { count: findings.orders.length })}</h2>
      {actions.confirmDialog}
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('admin.dataRequests.orders')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dataRequests.reference')}</th>
              <th scope="col">{t('admin.dataRequests.name')}</th>
              <th scope="col">{t('admin.dataRequests.contact')}</th>
              <th scope="col">{t('admin.dataRequests.address')}</th>
              <th scope="col">{t('admin.dataRequests.visit')}</th>
              <th scope="col">{t('admin.dataRequests.state')}</th>
            </tr>
          </thead>
          <tbody>
            {findings.orders.map((order) => {
              const at = new Date(order.appointment);
              return (
                <tr key={order.id}>
                  <td>{order.referenceNumber}</td>
                  <td>{order.name}</td>
                  <td>
                    {order.email}
                    <br />
                    {order.phone}
                  </td>
                  <td>{order.address}</td>
                  <td>{`${formatDayMonthYear(at, i18n)} ${formatTime(at, i18n)}`}</td>
                  <td>{order.planned ? <strong>{stateOf(order)}</strong> : stateOf(order)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <HeldDataParts findings={findings} />
      <div className="toolbar data-request-actions">
        <BusyButton
          className="button button-secondary"
          busy={actions.busy}
          onClick={() => void actions.download('JSON')}
        >
          {t('admin.dataRequests.downloadJson')}
        </BusyButton>
        <BusyButton
          className="button button-secondary"
          busy={actions.busy}
          onClick={() => void actions.download('HTML')}
        >
          {t('admin.dataRequests.downloadHtml')}
        </BusyButton>
        <BusyButton
          className="button button-danger"
          busy={actions.busy}
          onClick={() => void actions.erase(findings.orders.length, planned)}
        >
          {t('admin.dataRequests.erase')}
        </BusyButton>
      </div>
    </section>
  );
}
