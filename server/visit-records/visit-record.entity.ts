import { OptionalProps } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType } from 'type-graphql';
import { APPLIANCE_TEXT_MAX_LENGTH, VISIT_CLIENT_ID_MAX_LENGTH } from '../../shared/visit-records.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';
import { VisitPart } from './visit-record.types.js';

/**
 * What the technician wrote down on a visit: the appliance, the parts, two notes and the customer's signature (its
 * file in the file storage). One row per order, saved by the technician on the visit day; the text stays when
 * the signature and the photos go (docs/decisions/technician.md, Visit records).
 */
@ObjectType({
  description:
    "The technician's record of a visit: appliance, parts, notes, photos and signature. Seen by the order's technician on the visit day and by admins.",
})
@Entity({ tableName: 'visit_records' })
@RequireRoleForAll(Role.TECHNICIAN, ...OFFICE)
export class VisitRecord {
  [OptionalProps]?:
    | 'applianceBrand'
    | 'applianceModel'
    | 'applianceSerialNumber'
    | 'partsUsed'
    | 'partsNeeded'
    | 'officeNote'
    | 'consumerNote'
    | 'signatureKey'
    | 'signatureClientId'
    | 'signedAt';

  @PrimaryKey()
  id!: number;

  @OneToOne(() => Order, { filters: ORDER_RELATION_FILTERS, owner: true, deleteRule: 'cascade' })
  order!: Order;

  @Field(() => String, { nullable: true, description: "The appliance's brand." })
  @Property({ length: APPLIANCE_TEXT_MAX_LENGTH, nullable: true })
  applianceBrand: string | null = null;

  @Field(() => String, { nullable: true, description: "The appliance's model." })
  @Property({ length: APPLIANCE_TEXT_MAX_LENGTH, nullable: true })
  applianceModel: string | null = null;

  @Field(() => String, { nullable: true, description: "The appliance's serial number." })
  @Property({ length: APPLIANCE_TEXT_MAX_LENGTH, nullable: true })
  applianceSerialNumber: string | null = null;

  @Field(() => [VisitPart], { description: 'The parts used on the visit.' })
  @Property({ type: 'json' })
  partsUsed: VisitPart[] = [];

  @Field(() => [VisitPart], { description: 'The parts needed for a follow-up visit.' })
  @Property({ type: 'json' })
  partsNeeded: VisitPart[] = [];

  @Field(() => String, {
    nullable: true,
    description: "The technician's note for the office; never shown to the customer.",
  })
  @Property({ type: 'text', nullable: true })
  officeNote: string | null = null;

  @Field(() => String, { nullable: true, description: "The technician's note for the customer." })
  @Property({ type: 'text', nullable: true })
  consumerNote: string | null = null;

  /** The signature's file in the file storage; null when not signed or removed after the retention period. */
  @Property({ length: 100, nullable: true })
  signatureKey: string | null = null;

  /** The client's id of the signature's upload, so a repeated send stores it once. */
  @Property({ length: VISIT_CLIENT_ID_MAX_LENGTH, nullable: true })
  signatureClientId: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  signedAt: Date | null = null;

  @Field({ description: 'When the technician last changed the record.' })
  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
