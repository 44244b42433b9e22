import { Role } from '../common/auth/role.js';
import { requestBatchLoader } from '../common/request-batch-loader.js';
import type { AppContext } from '../context.js';
import type { ScheduleOrder } from '../visits/index.js';
import { VisitRecordRepository } from './repository/visit-record.repository.js';
import type { PreviousVisitRecord } from './visit-record.types.js';

/**
 * The `previousVisitRecord` fields of a technician's day, answered with one statement (docs/decisions/technician.md,
 * Visit records): per order of the signed-in technician, the latest record of an earlier visit to the same customer.
 */
export const previousVisitRecordLoader = requestBatchLoader(
  (order: ScheduleOrder) => order.id,
  async (ctx: AppContext, orders) => {
    const viewer = ctx.viewer;
    if (viewer?.role !== Role.TECHNICIAN) return () => null;
    const rows = await new VisitRecordRepository(ctx.em).previousRecords(
      orders.map((order) => order.id),
      viewer.technicianId,
    );
    const byOrder = new Map(
      rows.map((row): [number, PreviousVisitRecord] => {
        const { orderId, appointment, ...record } = row;
        return [orderId, { ...record, appointment: new Date(appointment) }];
      }),
    );
    return (order): PreviousVisitRecord | null => byOrder.get(order.id) ?? null;
  },
);
