import { createUnionType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { VISIT_REPORT_DAYS } from '../../shared/visit-records.js';
import { Country, Language } from '../common/locale.js';
import { VisitOutcome } from '../visits/visit-status.entity.js';
import { VisitPhotoKind } from './visit-photo.entity.js';

/** Why the report link does not show the work report (docs/decisions/technician.md, Visit records). */
export enum VisitReportRefusal {
  INVALID = 'INVALID',
  EXPIRED = 'EXPIRED',
  REVOKED = 'REVOKED',
  NOT_READY = 'NOT_READY',
}

registerEnumType(VisitReportRefusal, {
  name: 'VisitReportRefusal',
  description: 'Why the report link of a personal link shows no work report.',
  valuesConfig: {
    INVALID: { description: 'Not a link we made: mistyped, cut off or tampered with.' },
    EXPIRED: {
      description: `The report is no longer available: ${VISIT_REPORT_DAYS} days after the visit day have passed.`,
    },
    REVOKED: { description: 'The order was deleted, or its contact details went to another person.' },
    NOT_READY: { description: 'The visit is not finished, or the technician recorded nothing of it.' },
  },
});

@ObjectType({ description: 'A part used on the visit, as the work report shows it.' })
export class VisitReportPart {
  @Field({ description: 'What the part is called.' })
  name!: string;

  @Field(() => String, { nullable: true, description: "The maker's article number; null when not known." })
  articleNumber!: string | null;

  @Field(() => Int, { description: 'How many.' })
  quantity!: number;
}

@ObjectType({ description: 'A photo the technician marked for the customer, as the work report shows it.' })
export class VisitReportPhoto {
  @Field(() => VisitPhotoKind, { description: 'What the photo shows.' })
  kind!: VisitPhotoKind;

  @Field({ description: 'A signed path on this server answering the JPEG for a few minutes: fetch it with GET.' })
  url!: string;

  @Field({ description: 'The same for the thumbnail.' })
  thumbnailUrl!: string;

  @Field(() => Int, { description: 'Width in pixels.' })
  width!: number;

  @Field(() => Int, { description: 'Height in pixels.' })
  height!: number;
}

@ObjectType({
  description:
    'The work report of a finished visit, as the report link shows it: what the customer may see of the record, never the note for the office or the parts needed.',
})
export class LinkedVisitReport {
  @Field({ description: 'The order reference number.' })
  referenceNumber!: string;

  @Field({ description: "The start of the visit's window: its date, in the country's zone." })
  appointment!: Date;

  @Field(() => VisitOutcome, { description: 'How the visit ended.' })
  outcome!: VisitOutcome;

  @Field(() => String, { nullable: true, description: "The appliance's brand." })
  applianceBrand!: string | null;

  @Field(() => String, { nullable: true, description: "The appliance's model." })
  applianceModel!: string | null;

  @Field(() => [VisitReportPart], { description: 'The parts used.' })
  partsUsed!: VisitReportPart[];

  @Field(() => String, { nullable: true, description: "The technician's note for the customer." })
  consumerNote!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the customer signed; null when not signed.' })
  signedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'A signed path answering the signature (PNG) for a few minutes; null when not signed or removed.',
  })
  signatureUrl!: string | null;

  @Field(() => [VisitReportPhoto], { description: 'The photos marked for the customer, oldest first.' })
  photos!: VisitReportPhoto[];

  @Field({ description: 'Until when the report link shows the report (exclusive).' })
  openUntil!: Date;

  @Field(() => Country, { description: "The order's country." })
  country!: Country;

  @Field(() => Language, { description: "The order's language: show the report in it." })
  language!: Language;
}

@ObjectType({ description: 'The report link shows no work report; the page still offers the lookup.' })
export class VisitReportRefused {
  @Field(() => VisitReportRefusal, { description: 'Why.' })
  reason!: VisitReportRefusal;

  @Field(() => Country, { nullable: true, description: "The order's country when the link is genuine." })
  orderCountry!: Country | null;

  @Field(() => Language, { nullable: true, description: "The order's language when the link is genuine." })
  orderLanguage!: Language | null;
}

export const VisitReportLinkResult = createUnionType({
  name: 'VisitReportLinkResult',
  description: 'The work report of a personal link, or why there is none.',
  types: () => [LinkedVisitReport, VisitReportRefused] as const,
  resolveType: (value) => (value instanceof VisitReportRefused ? VisitReportRefused : LinkedVisitReport),
});
