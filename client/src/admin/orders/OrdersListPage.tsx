import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { useOfficeMay } from '../console/office-role';
import { sortedBy } from './orders-list-params';
import './orders.css';
import { Filters } from './orders-list/Filters';
import { restoreScroll, takeListScroll } from './orders-list/list-return';
import { ColumnsMenu } from './orders-list/ColumnsMenu';
import { readHiddenColumns, storeHiddenColumns, type OptionalColumn } from './orders-list/columns';
import { OrdersTable } from './orders-list/OrdersTable';
import { useOrdersList } from './orders-list/useOrdersList';
import { useSelectionExport } from './orders-list/useSelectionExport';

/**
 * Every order, found while the customer is on the phone: one search box (name, postcode with number, phone,
 * e-mail, city or reference), filters and sortable columns, all kept in the URL so a list can be shared and the
 * back button returns to it. Each reference opens the order's own page, whose "Terug" comes back here.
 */
export function OrdersListPage() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageTitle(t('admin.ordersList.title'));
  const list = useOrdersList();
  const { params, shown, tooShort } = list;
  const orders = shown?.edges.map((edge) => edge.node) ?? [];
  const selectionExport = useSelectionExport();
  // A viewer creates no orders; the export of a selection is an admin's, as every export.
  const plans = useOfficeMay('plan');
  const manages = useOfficeMay('manage');
  const [hidden, setHidden] = useState(() => readHiddenColumns(localStorage));
  const chooseColumns = (next: ReadonlySet<OptionalColumn>) => {
    storeHiddenColumns(localStorage, next);
    setHidden(next);
  };

  // Back from an order: the list returns where it was scrolled to, once its rows are there.
  const { search } = useLocation();
  const [scrollTo] = useState(() => takeListScroll(sessionStorage, search));
  const hasRows = orders.length > 0;
  useEffect(() => {
    if (scrollTo === null || !hasRows) return;
    return restoreScroll(scrollTo);
  }, [scrollTo, hasRows]);

  const total = shown
    ? t(shown.totalCountExact ? 'admin.ordersList.count' : 'admin.ordersList.countAtLeast', {
        count: shown.totalCount.toLocaleString(`${i18n.language}-${i18n.country}`),
      })
    : '';

  return (
    <section className="orders-list">
      <AdminPageHeader title={t('admin.ordersList.title')}>
        {manages && (
          <BusyButton
            type="button"
            className="button button-secondary"
            busy={selectionExport.busy}
            disabled={tooShort}
            onClick={() => void selectionExport.run(list.filter)}
          >
            {t('admin.ordersList.export')}
          </BusyButton>
        )}
        <ColumnsMenu hidden={hidden} onChange={chooseColumns} />
        {plans && (
          <Link className="button button-primary" to="/admin/appointment/create">
            {t('admin.menu.createOrder')}
          </Link>
        )}
      </AdminPageHeader>
      <Filters
        params={params}
        from={list.asked.from}
        typed={list.typed}
        onType={list.setTyped}
        technicians={list.technicians}
        update={list.update}
        remove={list.remove}
        clear={list.clear}
      />
      <p className="orders-count" role="status" aria-live="polite">
        {tooShort ? t('admin.ordersList.tooShort') : list.loading && !shown ? '' : total}
      </p>
      <Message tone="success">
        {selectionExport.outcome?.tone === 'success' ? selectionExport.outcome.text : null}
      </Message>
      <Message tone="error">{selectionExport.outcome?.tone === 'error' ? selectionExport.outcome.text : null}</Message>
      <Message tone="error">{list.error ? problemOf(list.error, t('common.genericError')).message : null}</Message>
      {list.loading && !shown && <Spinner />}
      {shown && !hasRows && !tooShort && <p className="muted">{t('admin.ordersList.empty')}</p>}
      {hasRows && !tooShort && (
        <OrdersTable
          orders={orders}
          params={params}
          hidden={hidden}
          onSort={(field) => list.update(sortedBy(params, field))}
        />
      )}
      {shown?.pageInfo.hasNextPage && shown.pageInfo.endCursor && (
        <BusyButton
          className="button button-secondary"
          busy={list.loadingMore}
          onClick={() => void list.loadMore(shown.pageInfo.endCursor ?? '')}
        >
          {t('admin.ordersList.more')}
        </BusyButton>
      )}
    </section>
  );
}
