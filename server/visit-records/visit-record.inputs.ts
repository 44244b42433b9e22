import { Field, InputType, Int } from 'type-graphql';
import {
  APPLIANCE_TEXT_MAX_LENGTH,
  PART_ARTICLE_NUMBER_MAX_LENGTH,
  PART_NAME_MAX_LENGTH,
  PART_QUANTITY_MAX,
  VISIT_CLIENT_ID_MAX_LENGTH,
  VISIT_PARTS_MAX,
  VISIT_RECORD_NOTE_MAX_LENGTH,
} from '../../shared/visit-records.js';
import { VisitPhotoKind } from './visit-photo.entity.js';

const CLIENT_ID_DESCRIPTION = `An id the phone makes once per file (a UUID, at most ${VISIT_CLIENT_ID_MAX_LENGTH} characters) and sends again when it repeats the upload: a client id already stored for the order stores nothing and answers what was stored.`;

@InputType({ description: 'A line of parts.' })
export class VisitPartInput {
  @Field({ description: `What the part is called, at most ${PART_NAME_MAX_LENGTH} characters.` })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: `The maker's article number, at most ${PART_ARTICLE_NUMBER_MAX_LENGTH} characters.`,
  })
  articleNumber?: string | null;

  @Field(() => Int, { description: `How many, 1 to ${PART_QUANTITY_MAX}.` })
  quantity!: number;
}

const BEFORE_DESCRIPTION = (list: string) =>
  `The ${list} as the phone last knew them, when it edited a copy: the lines it removed from them are removed, the lines it added are added, and lines the server holds that it did not know stay. An empty list when the phone did not know the server's lines (all sent lines are added). Left out: the list sent replaces the server's.`;

@InputType({
  description: `The text of a visit record. A field left out keeps what the server holds, so a phone that edited an out-of-date copy sends only what it changed; null or an empty text clears a field. Texts are trimmed; the appliance's at most ${APPLIANCE_TEXT_MAX_LENGTH} characters each, the notes at most ${VISIT_RECORD_NOTE_MAX_LENGTH}, at most ${VISIT_PARTS_MAX} lines of parts each.`,
})
export class SaveVisitRecordInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field(() => String, { nullable: true, description: "The appliance's brand." })
  applianceBrand?: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's model." })
  applianceModel?: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's serial number." })
  applianceSerialNumber?: string | null;

  @Field(() => [VisitPartInput], { nullable: true, description: 'The parts used on the visit.' })
  partsUsed?: VisitPartInput[] | null;

  @Field(() => [VisitPartInput], { nullable: true, description: BEFORE_DESCRIPTION('parts used') })
  partsUsedBefore?: VisitPartInput[] | null;

  @Field(() => [VisitPartInput], { nullable: true, description: 'The parts needed for a follow-up visit.' })
  partsNeeded?: VisitPartInput[] | null;

  @Field(() => [VisitPartInput], { nullable: true, description: BEFORE_DESCRIPTION('parts needed') })
  partsNeededBefore?: VisitPartInput[] | null;

  @Field(() => String, { nullable: true, description: 'A note for the office; never shown to the customer.' })
  officeNote?: string | null;

  @Field(() => String, { nullable: true, description: 'A note for the customer, shown on the personal page.' })
  consumerNote?: string | null;
}

@InputType({ description: 'A photo of a visit; the file itself is the `file` argument.' })
export class AddVisitPhotoInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field({ description: CLIENT_ID_DESCRIPTION })
  clientId!: string;

  @Field(() => VisitPhotoKind, { description: 'What the photo shows.' })
  kind!: VisitPhotoKind;

  @Field({ description: 'Whether the customer sees the photo on the personal page.' })
  forConsumer!: boolean;
}

@InputType({ description: 'A photo of a visit to remove.' })
export class RemoveVisitPhotoInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field(() => Int, { description: 'The photo id.' })
  photoId!: number;
}

@InputType({ description: "The customer's signature of a visit; the PNG itself is the `file` argument." })
export class SignVisitInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field({ description: CLIENT_ID_DESCRIPTION })
  clientId!: string;
}
