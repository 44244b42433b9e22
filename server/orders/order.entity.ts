import { Check, Entity, Enum, Filter, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { Admin } from '../admins/admin.entity.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country, Language } from '../common/locale.js';
import { VISIT_DURATION_SECONDS } from '../../shared/hours.js';
import { ORDER_FIELD_MAX_LENGTH, PHONE_DIGITS } from '../../shared/orders.js';
import { Technician } from '../technicians/index.js';
import { OrderDeletion } from './order-deletion.types.js';
import { ACTIVE_ORDERS_FILTER } from './repository/active-orders.js';
import { OFFICE } from '../common/auth/role.js';

export { VISIT_DURATION_SECONDS };

@ObjectType({ description: 'A repair visit at a customer address (called an appointment in the legacy API).' })
@Entity({ tableName: 'orders' })
// Reads see active orders only unless they ask for deleted ones too (repository/active-orders.ts).
@Filter(ACTIVE_ORDERS_FILTER)
@Check({ name: 'orders_duration_check', expression: '"duration" > 0' })
@Check({ name: 'orders_external_company_check', expression: '"external_company" in (0, 1)' })
@Check({ name: 'orders_language_check', expression: `"language" in ('nl', 'fr')` })
// The search's trigram index, over the stored folded text.
@Index({
  name: 'orders_search_text_idx',
  expression: 'create index "orders_search_text_idx" on "orders" using gin ("search_text" gin_trgm_ops)',
})
@Index({
  name: 'orders_phone_trgm_idx',
  expression: 'create index "orders_phone_trgm_idx" on "orders" using gin ("phone_normalized" gin_trgm_ops)',
})
// A search with an "@": e-mail addresses by their start.
@Index({
  name: 'orders_email_prefix_idx',
  expression: 'create index "orders_email_prefix_idx" on "orders" (lower("email") text_pattern_ops)',
})
// Deleted orders are few: listing them must not read every active one.
@Index({ name: 'orders_deleted_appointment_idx', properties: ['appointment', 'id'], where: '"deleted_at" is not null' })
@Index({ name: 'orders_address_lookup_idx', properties: ['zipcode', 'houseNumber', 'appointment'] })
@Index({ name: 'orders_phone_lookup_idx', properties: ['phoneNormalized', 'appointment'] })
@Index({ name: 'orders_technician_day_idx', properties: ['technician', 'appointment'] })
// A consumer's move offers another technician where he works in the visit's postcode area that day.
@Index({
  name: 'orders_postcode_area_day_idx',
  expression:
    'create index "orders_postcode_area_day_idx" on "orders" (left("zipcode", 2), "appointment") where "deleted_at" is null',
})
// The list's order; it carries the search text and the deletion, so a broad search checks them in the index.
@Index({
  name: 'orders_appointment_search_idx',
  properties: ['appointment', 'id'],
  include: ['searchText', 'deletedAt'],
})
// The orders whose data the retention has yet to remove, oldest first.
@Index({ name: 'orders_retention_idx', properties: ['appointment'], where: '"anonymised_at" is null' })
// The informed filter: the few informed orders of a day without reading the others.
@Index({
  name: 'orders_informed_appointment_idx',
  properties: ['appointment', 'id'],
  where: '"first_lookup_at" is not null',
})
@RequireRoleForAll(...OFFICE)
export class Order {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field({ description: 'The order reference number; unique.' })
  @Property({ length: ORDER_FIELD_MAX_LENGTH.referenceNumber, unique: true })
  referenceNumber!: string;

  @Field({ description: 'Customer name.' })
  @Property({ length: ORDER_FIELD_MAX_LENGTH.name })
  name!: string;

  @Field({ description: 'Customer e-mail address.' })
  @Property({ length: ORDER_FIELD_MAX_LENGTH.email })
  email!: string;

  @Field({ description: 'Customer phone number as entered.' })
  @Property({ length: ORDER_FIELD_MAX_LENGTH.phone })
  phone!: string;

  /** Digits only, without country prefix or leading zero, so every way of typing a number finds it. */
  @Property({ length: PHONE_DIGITS.max })
  phoneNormalized!: string;

  @Field({ description: 'Postcode, upper case without spaces.' })
  @Property({ length: 16 })
  zipcode!: string;

  @Field(() => Int, { description: 'House number (digits only).' })
  @Property()
  houseNumber!: number;

  @Field(() => String, { nullable: true, description: 'Street name; null when not known (older orders).' })
  @Property({ type: 'string', length: ORDER_FIELD_MAX_LENGTH.street, nullable: true })
  street: string | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'House-number addition ("a" of 12a, "2" of 12-2, "bis" of 12 bis); null when none.',
  })
  @Property({ type: 'string', length: ORDER_FIELD_MAX_LENGTH.houseNumberAddition, nullable: true })
  houseNumberAddition: string | null = null;

  @Field({ description: 'City.' })
  @Property({ length: ORDER_FIELD_MAX_LENGTH.city })
  city!: string;

  @Field(() => Country, { description: 'Country of the address; decides time zone and holidays.' })
  @Enum({ items: () => Country, nativeEnumName: 'country' })
  country!: Country;

  /**
   * The consumer's language (docs/rules.md, Consumer language): given when the order was made, else its Belgian
   * postcode's region, and replaced by the one the consumer last chose on our pages. Null: the country's.
   */
  @Field(() => Language, {
    nullable: true,
    description: "The language the consumer is told in; null: the country's (its message settings').",
  })
  @Property({ type: 'string', length: 2, nullable: true })
  language: Language | null = null;

  @Field({ description: 'Start of the visit window.' })
  @Property({ type: 'datetime' })
  appointment!: Date;

  @Field(() => Int, { description: 'Length of the visit window in seconds (10800).' })
  @Property()
  duration: number = VISIT_DURATION_SECONDS;

  @Field(() => Technician, { nullable: true, description: 'The technician who makes the visit.' })
  @ManyToOne(() => Technician, { nullable: true, deleteRule: 'set null' })
  technician: Technician | null = null;

  @Field({ description: 'A special order, highlighted in the planner (legacy flag 1).' })
  @Property()
  special: boolean = false;

  /**
   * Which external company handles the visit (0 or 1: `EXTERNAL_COMPANIES` of consumers/contact-details.ts), null
   * when we do. GraphQL names it (`externalPartner`); the number itself is a legacy field (server/legacy/).
   */
  @Property({ type: 'smallint', nullable: true })
  externalCompany: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;

  /**
   * The generation of the order's personal links (docs/rules.md, Personal link): a link carries the generation it was
   * made in and opens only while it is current. Raised when the order is deleted and when its contact details go to
   * another person, so a restore or a reassignment back never brings an old link to life again.
   */
  @Property({ type: 'integer', default: 0 })
  linkGeneration: number & Opt = 0;

  @ManyToOne(() => Admin, { nullable: true, deleteRule: 'set null' })
  deletedBy: Admin | null = null;

  /** The deleting admin's name as it was, so the notice survives that admin's removal. */
  @Property({ length: 201, nullable: true })
  deletedByName: string | null = null;

  /**
   * Until when the last change of the order can still be undone in the admin console (a delete, a reassignment): the
   * consumer is told nothing of the order before, so an undone change says nothing at all. Kept after the undo.
   */
  @Property({ type: 'datetime', nullable: true })
  undoableUntil: Date | null = null;

  /** Not a column: the three deletion columns as one value, null while the order is active. */
  @Field(() => OrderDeletion, {
    nullable: true,
    description: 'Set when the order was deleted (soft delete); a deleted order cannot be changed or deleted again.',
  })
  get deleted(): OrderDeletion | null {
    return this.deletedAt ? { date: this.deletedAt, admin: this.deletedByName ?? '' } : null;
  }

  /**
   * The first consumer lookup that listed this order (a lookup by the same customer after the order was made and
   * before its window ended: orders/customer-lookups.ts), null while none did; the order list's informed filter
   * reads it. Kept by the database's triggers on lookups and orders (migration order_first_lookup): the
   * application never writes it.
   */
  @Property({ type: 'datetime', nullable: true })
  firstLookupAt: Date | null = null;

  /**
   * Name, city, e-mail and reference folded (lower case, no accents) by the migrations' `tijdvak_fold`, as the
   * search matches them: computed by the database when the order is written, so a search does not fold each row.
   */
  @Property({
    type: 'text',
    nullable: true,
    lazy: true,
    generated: `(tijdvak_fold(name || ' ' || city || ' ' || email || ' ' || reference_number)) stored`,
  })
  searchText?: string | null;

  /**
   * When the person's data was removed from the order (docs/rules.md, Personal data): by an erase on request, or by the
   * retention a number of months after the visit. The order stays, with what the office's figures count.
   */
  @Field(() => Date, {
    nullable: true,
    description: "When the customer's name, contact details, address and notes were removed; null while kept.",
  })
  @Property({ type: 'datetime', nullable: true })
  anonymisedAt: Date | null = null;

  @Field({ description: 'When the order was created.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;

  @Field({ description: 'When the order last changed.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt!: Date;
}
