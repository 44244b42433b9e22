import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { TIME_ZONE } from '../../../i18n/locale';
import { useMigrateOrdersMutation } from '../order-mutations';
import type { Status } from '../StatusMessages';
import type { TechnicianOption } from '../TechnicianSelect';
import { useDayOrders } from './useDayOrders';

/**
 * The migrate form: whose orders, which day (today until another is chosen), which of them and to whom. Choosing
 * another technician or day clears the choice of orders; the target can never be the source.
 */
export function useMigrate(technicians: readonly TechnicianOption[], today: string) {
  const { country: siteCountry } = useI18n();
  const [sourceNumber, setSourceNumber] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [targetNumber, setTargetNumber] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [migrate, migrating] = useMigrateOrdersMutation();
  const source = technicians.find((technician) => technician.personalNumber === sourceNumber);
  const day = date ?? today;
  const dayOrders = useDayOrders(sourceNumber, day, TIME_ZONE[source?.country ?? siteCountry]);
  const { orders } = dayOrders;

  const resetSelection = () => {
    setSelected(new Set());
    setStatus(null);
  };
  const chooseSource = (value: string) => {
    setSourceNumber(value);
    if (value === targetNumber) setTargetNumber('');
    resetSelection();
  };
  const chooseDay = (value: string) => {
    setDate(value);
    resetSelection();
  };
  const chooseTarget = (value: string) => {
    setTargetNumber(value);
    setStatus(null);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allSelected = orders.length > 0 && orders.every((order) => selected.has(order.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(orders.map((order) => order.id)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const outcome = await migrate({
      orderIds: orders.filter((order) => selected.has(order.id)).map((order) => order.id),
      fromTechnician: sourceNumber,
      toTechnician: targetNumber,
    });
    if (outcome.ok) {
      setSelected(new Set());
      setStatus({ tone: 'success', text: outcome.message });
    } else {
      setStatus({ tone: 'error', text: outcome.problem.message });
    }
  };

  const selection = { selected, allSelected, toggle, toggleAll };
  const choose = { source: chooseSource, day: chooseDay, target: chooseTarget };
  return { sourceNumber, source, day, targetNumber, status, migrating, dayOrders, selection, choose, submit };
}

export type MigrateForm = ReturnType<typeof useMigrate>;
