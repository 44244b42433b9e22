import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { VisitOutcome } from '../visits/visit-status.entity.js';
import { VisitPhoto } from './visit-photo.entity.js';

/** One line of parts: used on the visit, or needed for a follow-up. */
@ObjectType({ description: 'A part used on the visit or needed for a follow-up visit.' })
@RequireRoleForAll(Role.TECHNICIAN, ...OFFICE)
export class VisitPart {
  @Field({ description: 'What the part is called.' })
  name!: string;

  @Field(() => String, { nullable: true, description: "The maker's article number; null when not known." })
  articleNumber!: string | null;

  @Field(() => Int, { description: 'How many.' })
  quantity!: number;
}

/** The customer's signature, as whoever may see it reads it. */
@ObjectType({ description: "The customer's signature, drawn on the technician's screen at the end of the visit." })
@RequireRoleForAll(Role.CONSUMER, Role.TECHNICIAN, ...OFFICE)
export class VisitSignature {
  @Field({ description: 'When the customer signed.' })
  signedAt!: Date;

  @Field({
    description:
      'A path on this server that answers the PNG for a few minutes (signed, without personal data): fetch it with GET.',
  })
  url!: string;
}

/** The part of the visit record the consumer sees on the personal page. */
@ObjectType({
  description:
    "What the customer sees of the technician's visit record: the appliance, the note for the customer, the photos marked for the customer and the signature.",
})
@RequireRoleForAll(Role.CONSUMER)
export class ConsumerVisitRecord {
  @Field(() => String, { nullable: true, description: "The appliance's brand." })
  applianceBrand!: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's model." })
  applianceModel!: string | null;

  @Field(() => String, { nullable: true, description: "The technician's note for the customer." })
  consumerNote!: string | null;

  @Field(() => [VisitPhoto], { description: `The photos marked for the customer, oldest first.` })
  photos!: VisitPhoto[];

  @Field(() => VisitSignature, { nullable: true, description: 'The signature; null when not signed.' })
  signature!: VisitSignature | null;
}

/** The record of an earlier visit to the same customer, on the technician's card of a follow-up visit. */
@ObjectType({
  description:
    "The technician's record of an earlier visit to the same customer (the lookup's rule) within the follow-up window: what the card of a follow-up visit shows.",
})
@RequireRoleForAll(Role.TECHNICIAN)
export class PreviousVisitRecord {
  @Field({ description: "The start of the earlier visit's window." })
  appointment!: Date;

  @Field(() => VisitOutcome, { nullable: true, description: 'How the earlier visit ended; null when not finished.' })
  outcome!: VisitOutcome | null;

  @Field(() => String, { nullable: true, description: "The appliance's brand." })
  applianceBrand!: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's model." })
  applianceModel!: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's serial number." })
  applianceSerialNumber!: string | null;

  @Field(() => [VisitPart], { description: 'The parts used on the earlier visit.' })
  partsUsed!: VisitPart[];

  @Field(() => [VisitPart], { description: 'The parts the earlier visit found needed: ordered for this one.' })
  partsNeeded!: VisitPart[];

  @Field(() => String, { nullable: true, description: "The earlier technician's note for the office." })
  officeNote!: string | null;
}
