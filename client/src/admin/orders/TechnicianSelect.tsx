import type { RefObject } from 'react';
import { graphql } from '../../gql';
import type { TechnicianSelect_TechnicianFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';

/** @public Read by codegen: the queries that show this component spread it. */
export const TechnicianSelectFragment = graphql(`
  fragment TechnicianSelect_technician on Technician {
    id
    firstname
    lastname
    personalNumber
    country
  }
`);

export type TechnicianOption = TechnicianSelect_TechnicianFragment;

export const technicianLabel = (technician: TechnicianOption) =>
  `${technician.firstname} ${technician.lastname} (${technician.personalNumber})`;

/**
 * A select of technicians whose value is the personal number ('' for none chosen): unique, and what the
 * server looks up first, so it can never be mistaken for another technician's id.
 */
export function TechnicianSelect({
  id,
  technicians,
  value,
  onChange,
  exclude,
  describedBy,
  invalid = false,
  disabled = false,
  emptyLabel,
  extraChoice,
  selectRef,
}: {
  id: string;
  technicians: readonly TechnicianOption[];
  value: string;
  onChange: (value: string) => void;
  exclude?: number;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The text of the empty choice; "Kies een monteur" unless given (a filter says "Alle"). */
  emptyLabel?: string;
  /** One more choice after the empty one, such as a filter's "zonder monteur". */
  extraChoice?: { value: string; label: string };
  /** For a caller that moves the focus here (a dialog whose question changed). */
  selectRef?: RefObject<HTMLSelectElement | null>;
}) {
  const { t } = useI18n();
  return (
    <select
      ref={selectRef}
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <option value="">{emptyLabel ?? t('admin.orders.chooseTechnician')}</option>
      {extraChoice && <option value={extraChoice.value}>{extraChoice.label}</option>}
      {technicians
        .filter((technician) => technician.id !== exclude)
        .map((technician) => (
          <option key={technician.id} value={technician.personalNumber}>
            {technicianLabel(technician)}
          </option>
        ))}
    </select>
  );
}
