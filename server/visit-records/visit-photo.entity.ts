import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { VISIT_CLIENT_ID_MAX_LENGTH } from '../../shared/visit-records.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** What a photo of a visit shows. */
export enum VisitPhotoKind {
  TYPE_PLATE = 'TYPE_PLATE',
  BEFORE = 'BEFORE',
  AFTER = 'AFTER',
  OTHER = 'OTHER',
}

registerEnumType(VisitPhotoKind, {
  name: 'VisitPhotoKind',
  description: 'What a photo of a visit shows.',
  valuesConfig: {
    TYPE_PLATE: { description: "The appliance's type plate (brand, model, serial number)." },
    BEFORE: { description: 'The fault or the appliance before the repair.' },
    AFTER: { description: 'The appliance after the repair.' },
    OTHER: { description: 'Anything else worth keeping.' },
  },
});

/**
 * A photo the technician took on a visit: the file itself is in the file storage (a re-encoded JPEG and its
 * thumbnail, keys without personal data); the row says what it shows and whether the consumer sees it. The client's
 * id makes a repeated upload store it once. Removed with its files a set number of days after the visit.
 */
@ObjectType({
  description: "A photo of a visit. Seen by the order's technician and admins; by the customer when marked.",
})
@Entity({ tableName: 'visit_photos' })
@Unique({ name: 'visit_photos_order_client_id_unique', properties: ['order', 'clientId'] })
@RequireRoleForAll(Role.CONSUMER, Role.TECHNICIAN, ...OFFICE)
export class VisitPhoto {
  [OptionalProps]?: 'forConsumer';

  @Field(() => Int, { description: 'The photo id.' })
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Order, { filters: ORDER_RELATION_FILTERS, deleteRule: 'cascade' })
  order!: Order;

  @Property({ length: VISIT_CLIENT_ID_MAX_LENGTH })
  clientId!: string;

  @Field(() => VisitPhotoKind, { description: 'What the photo shows.' })
  @Enum({ items: () => VisitPhotoKind })
  kind!: VisitPhotoKind;

  @Field({ description: 'Whether the customer sees the photo on the personal page.' })
  @Property()
  forConsumer: boolean = false;

  @Property({ length: 100 })
  fileKey!: string;

  @Property({ length: 100 })
  thumbnailKey!: string;

  @Field(() => Int, { description: 'Width of the stored photo in pixels.' })
  @Property()
  width!: number;

  @Field(() => Int, { description: 'Height of the stored photo in pixels.' })
  @Property()
  height!: number;

  @Field({ description: 'When the photo was received.' })
  @Property({ type: 'datetime' })
  createdAt!: Date;
}
