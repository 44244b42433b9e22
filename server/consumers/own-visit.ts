import { WINDOW_SHOWN_AT } from '../../shared/hours.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { Order, OrderRepository } from '../orders/index.js';
import { EXTERNAL_COMPANIES } from './contact-details.js';
import { ConsumerError } from './consumer.errors.js';
import { isWindowAvailable, windowsChosenByConsumer } from './visit-indication.js';

/**
 * One visit of the caller's data token whose window is shown, by reference number: the one rule for
 * everything a consumer does with a visit (calendar file, reply). A reference outside the token, a
 * deleted order and an unknown reference all answer VISIT_NOT_FOUND, so a token reveals nothing else.
 */
export async function ownShownVisit(ctx: AppContext, referenceNumber: string): Promise<Order> {
  const viewer = ctx.viewer;
  if (viewer?.role !== Role.CONSUMER) throw new AppError(CommonError.FORBIDDEN);
  const reference = referenceNumber.trim();
  const order =
    reference && viewer.orderIds.length > 0
      ? await new OrderRepository(ctx.em).activeAmongByReference(viewer.orderIds, reference)
      : null;
  if (!order) throw new AppError(ConsumerError.VISIT_NOT_FOUND, { params: { reference } });
  if (order.externalCompany !== null) {
    const company = EXTERNAL_COMPANIES[order.externalCompany] ?? EXTERNAL_COMPANIES[0];
    throw new AppError(ConsumerError.VISIT_EXTERNAL, { params: { company: company.name } });
  }
  const shown =
    (await isWindowAvailable(ctx.services.holidays, order.country, order.appointment, ctx.services.clock.now())) ||
    (await windowsChosenByConsumer(ctx.em, [order.id])).has(order.id);
  if (!shown) {
    throw new AppError(ConsumerError.VISIT_WINDOW_NOT_AVAILABLE, {
      params: { shownTime: WINDOW_SHOWN_AT.hour * 60 + WINDOW_SHOWN_AT.minute },
    });
  }
  return order;
}
