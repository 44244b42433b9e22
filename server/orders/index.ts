/**
 * The orders domain's one front door: every other folder imports from here, never from a file inside orders/
 * (.dependency-cruiser.cjs refuses it). What is here is what others may lean on: the order's types, the repository
 * with its named reads (an order to change is loaded through `activeForChange`, which locks it and refuses a missing
 * or deleted one), the error codes, the SQL conditions other statements splice in, and the field rules the import
 * shares. Whether a read sees deleted orders is the repository's business: the filter's switch stays inside.
 */
import { OrderAddressResolver } from './order-address.resolver.js';
import { OrderHistoryResolver } from './order-history.resolver.js';
import { OrderMigrationResolver } from './order-migration.resolver.js';
import { OrderRescheduleResolver } from './order-reschedule.resolver.js';
import { OrderResolver } from './order.resolver.js';
import { TechnicianRemovalResolver } from './technician-removal.resolver.js';

export const orderResolvers = [
  OrderResolver,
  OrderMigrationResolver,
  OrderHistoryResolver,
  TechnicianRemovalResolver,
  OrderAddressResolver,
  OrderRescheduleResolver,
] as const;

// The order and the types others speak of it in.
export { Order, VISIT_DURATION_SECONDS } from './order.entity.js';
export { ArrivalFilter, ReplyFilter, VisitOutcomeFilter, OrderFilterInput } from './order.inputs.js';
export { OrderConnection } from './order.types.js';
export { OrderError } from './order.errors.js';

// Reads and changes.
export { OrderRepository, technicianDayParams, technicianDaySql } from './repository/order.repository.js';
export { ORDER_SORT, checkedOrderFilter, unknownTechnician } from './order.service.js';
export { findTechnicianByRef } from './technician-ref.js';
export { OrderRescheduleService, type RescheduleOptions } from './order-reschedule.service.js';

// Whether an order was deleted, for the rules of other domains that answer a deleted order otherwise; and the SQL
// conditions for statements of other domains that read orders.
export {
  ORDER_RELATION_FILTERS,
  activeOrderSql,
  deletedOrderSql,
  isDeleted,
  type OrderDeletionState,
} from './repository/active-orders.js';
export { LATE_AT_SQL, orderFilterCondition } from './repository/order-search.js';
export {
  SAME_CUSTOMER_ANY_COUNTRY_SQL,
  SAME_CUSTOMER_SQL,
  VISIT_LISTED_ORDER_SQL,
  lookedUpOrdersOf,
  lookedUpOrdersSql,
} from './repository/customer-lookups.js';

// The field rules the CSV import and the consumer's lookup apply as an order's own.
export {
  lookupAdditionOf,
  mobileNumberE164,
  normalizeEmailAddress,
  normalizeHouseNumber,
  normalizePhone,
  normalizeZipcode,
} from './address-normalization.js';
export { checkOrderFields, type OrderFields } from './order-fields.js';
export { technicianCountryProblem } from './technician-country.js';

// The consumer's language: what an address decides, and what an order's consumer reads in.
export { orderLanguageOf, regionLanguageOf } from './order-language.js';
