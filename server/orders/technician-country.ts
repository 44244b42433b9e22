import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { Country } from '../common/locale.js';
import type { Technician } from '../technicians/index.js';
import { OrderError } from './order.errors.js';
import { fullName } from '../../shared/staff.js';

type TechnicianCountry = Pick<Technician, 'firstname' | 'lastname' | 'country'>;

/**
 * An order is visited by a technician of its own country: the technician's planner day, holidays and
 * time zone are those of the technician's country, so a Dutch order on a Belgian planner would be
 * planned on the wrong calendar (docs/rules.md, Technician and order country). The one home of the
 * rule: create, reassign, migrate, reschedule and the move of a leaving technician's orders ask it.
 */
export function technicianCountryProblem(
  orderCountry: Country,
  technician: TechnicianCountry,
  field = 'technician',
): FieldProblem | null {
  if (orderCountry === technician.country) return null;
  return {
    field,
    message: orderCountry === Country.BE ? 'TECHNICIAN_NOT_IN_BE' : 'TECHNICIAN_NOT_IN_NL',
    params: { technician: fullName(technician) },
  };
}

/** Refuses, naming the orders, when any of them lies in another country than the technician. */
export function assertSameCountry(
  orders: readonly { id: number; country: Country }[],
  technician: TechnicianCountry,
  field = 'technician',
): void {
  const foreign = orders.filter((order) => order.country !== technician.country);
  if (foreign.length === 0) return;
  const problem = technicianCountryProblem(foreign[0].country, technician, field)!;
  throw new AppError(OrderError.TECHNICIAN_OTHER_COUNTRY, {
    message: problem.message,
    params: problem.params,
    fields: [problem],
    data: { orderIds: foreign.map((order) => order.id).sort((a, b) => a - b) },
  });
}
