/**
 * The audit domain's front door: the order events a change of another domain records, with the values it records
 * of an order. Other folders still import some of its files directly; new imports come through here.
 */
export { recordOrderEvents, type OrderChange } from './order-audit.js';
export { OrderEventKind } from './order-event-kind.js';
export { pickValues, type OrderValues } from './order-values.js';
export { OrderEventRepository } from './repository/order-event.repository.js';
// What an admin did to another staff account's sign-in (a passkey removed for a lost device).
