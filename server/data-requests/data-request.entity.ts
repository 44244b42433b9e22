import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

export enum DataRequestKind {
  EXPORT = 'EXPORT',
  ERASE = 'ERASE',
  RETENTION = 'RETENTION',
}

registerEnumType(DataRequestKind, {
  name: 'DataRequestKind',
  description: 'What a data request did.',
  valuesConfig: {
    EXPORT: { description: 'An admin downloaded everything held about a person.' },
    ERASE: { description: "An admin erased a person's data from their past orders." },
    RETENTION: { description: 'The retention anonymised orders whose visit was longer ago than the months kept.' },
  },
});

export enum DataRequestStatus {
  DONE = 'DONE',
  PENDING = 'PENDING',
}

registerEnumType(DataRequestStatus, {
  name: 'DataRequestStatus',
  description: 'Whether the request was carried out.',
  valuesConfig: {
    DONE: { description: 'Carried out.' },
    PENDING: { description: 'An erase waiting for a second admin to confirm it.' },
  },
});

/**
 * One request in the audit of data requests (docs/rules.md, Personal data): who, when, what kind and how many rows,
 * never the data itself. A pending erase keeps the ids of its orders until it is confirmed.
 */
@Entity({ tableName: 'data_requests' })
@Index({ name: 'data_requests_requested_at_idx', properties: ['requestedAt', 'id'] })
@ObjectType({ description: 'A data request in the audit: who asked what, when, and how many rows; no personal data.' })
@RequireRoleForAll(Role.ADMIN)
export class DataRequest {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field(() => DataRequestKind, { description: 'What was asked.' })
  @Enum({ items: () => DataRequestKind, columnType: 'varchar(16)' })
  kind!: DataRequestKind;

  @Field(() => DataRequestStatus, { description: 'Carried out, or waiting for a second admin.' })
  @Enum({ items: () => DataRequestStatus, columnType: 'varchar(16)' })
  status!: DataRequestStatus;

  @Field({ description: 'When it was asked (server clock).' })
  @Property({ type: 'datetime' })
  requestedAt!: Date;

  /** Ids as they were, without a foreign key: removing an account never rewrites the audit. */
  @Property({ type: 'integer', nullable: true })
  requestedById: number | null = null;

  @Field(() => String, {
    nullable: true,
    description: 'The admin who asked, by name as it was; null for the retention.',
  })
  @Property({ length: 201, nullable: true })
  requestedByName: string | null = null;

  @Field(() => Date, { nullable: true, description: 'When a second admin confirmed the erase.' })
  @Property({ type: 'datetime', nullable: true })
  confirmedAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  confirmedById: number | null = null;

  @Field(() => String, { nullable: true, description: 'The admin who confirmed the erase, by name as it was.' })
  @Property({ length: 201, nullable: true })
  confirmedByName: string | null = null;

  @Field(() => Int, { description: 'The orders it concerned.' })
  @Property({ type: 'integer', default: 0 })
  orderCount: number = 0;

  @Field(() => Int, { description: 'The rows exported, or changed and removed by the erase.' })
  @Property({ type: 'integer', default: 0 })
  rowCount: number = 0;

  /** The orders a pending erase will anonymise once confirmed; null once carried out. */
  @Property({ type: 'json', nullable: true })
  pendingOrderIds: number[] | null = null;
}
