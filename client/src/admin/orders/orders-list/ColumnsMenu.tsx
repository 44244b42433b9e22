import { useId, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { OPTIONAL_COLUMNS, type OptionalColumn } from './columns';
import { useColumnLabel } from './useColumnLabel';

/** "Kolommen": a button that unfolds a checkbox per optional column; the choice is the caller's to keep. */
export function ColumnsMenu({
  hidden,
  onChange,
}: {
  hidden: ReadonlySet<OptionalColumn>;
  onChange: (hidden: ReadonlySet<OptionalColumn>) => void;
}) {
  const { t } = useI18n();
  const label = useColumnLabel();
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = (column: OptionalColumn, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(column);
    else next.add(column);
    onChange(next);
  };
  return (
    <div className="columns-menu">
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {t('admin.ordersList.columns')}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      {/* Only while open: its checkboxes share their names with the filters (Monteur, Plaats). */}
      {open && (
        <fieldset id={id} className="columns-panel card">
          <legend>{t('admin.ordersList.columnsLegend')}</legend>
          {OPTIONAL_COLUMNS.map((column) => (
            <label key={column} className="checkbox">
              <input
                type="checkbox"
                checked={!hidden.has(column)}
                onChange={(event) => toggle(column, event.target.checked)}
              />{' '}
              {label(column)}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
