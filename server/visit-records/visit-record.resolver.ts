import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { VISIT_REPORT_DAYS } from '../../shared/visit-records.js';
import { FOLLOW_UP_WINDOW_DAYS } from '../../shared/office-figures.js';
import { VISIT_PHOTO_MAX_BYTES, VISIT_PHOTOS_MAX, VISIT_SIGNATURE_MAX_BYTES } from '../../shared/visit-records.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { ConsumerVisit } from '../consumers/index.js';
import type { AppContext } from '../context.js';
import { UploadScalar, type PendingUpload } from '../imports/index.js';
import { Order } from '../orders/index.js';
import { visitFileLinks } from './visit-file-links.js';
import { VisitReportLinkService } from './visit-report-link.service.js';
import { LinkedVisitReport, VisitReportLinkResult, VisitReportRefused } from './visit-report-link.types.js';
import { VisitPhoto } from './visit-photo.entity.js';
import {
  AddVisitPhotoInput,
  RemoveVisitPhotoInput,
  SaveVisitRecordInput,
  SignVisitInput,
} from './visit-record.inputs.js';
import { VisitRecord } from './visit-record.entity.js';
import { VisitRecordService } from './visit-record.service.js';
import { ConsumerVisitRecord, PreviousVisitRecord, VisitSignature } from './visit-record.types.js';
import { ScheduleOrder } from '../visits/index.js';
import { previousVisitRecordLoader } from './previous-visit-record.loader.js';

const MB = 1024 * 1024;
const UPLOAD = 'Send it as a GraphQL multipart request (header `Apollo-Require-Preflight: true`).';
const REFUSALS =
  "VISIT_RECORD_NOT_YOURS for another technician's, a deleted or an unknown order, VISIT_RECORD_NOT_TODAY outside the visit day.";

@Resolver(() => VisitRecord)
@RequireRoleForAll(Role.TECHNICIAN)
export class VisitRecordResolver {
  @Query(() => VisitRecord, {
    nullable: true,
    description: `The record of one of the signed-in technician's visits of today; null while nothing was recorded. ${REFUSALS}`,
  })
  technicianVisitRecord(
    @Ctx() ctx: AppContext,
    @Arg('orderId', () => Int, { description: 'The order id.' }) orderId: number,
  ): Promise<VisitRecord | null> {
    return new VisitRecordService(ctx).technicianRecord(orderId);
  }

  @Mutation(() => VisitRecord, {
    description: `Saves the text of a visit record (appliance, parts, notes): the fields sent, a list of parts merged when sent with the list it was edited from; each change is written to the order's history. ${REFUSALS}`,
  })
  saveVisitRecord(
    @Ctx() ctx: AppContext,
    @Arg('input', () => SaveVisitRecordInput) input: SaveVisitRecordInput,
  ): Promise<VisitRecord> {
    return new VisitRecordService(ctx).save(input);
  }

  @Mutation(() => VisitPhoto, {
    description: `Adds a photo to a visit: any image a phone takes, at most ${VISIT_PHOTO_MAX_BYTES / MB} MB, ${VISIT_PHOTOS_MAX} per visit; stored as a JPEG without metadata (location included) and a thumbnail. VISIT_PHOTO_NOT_AN_IMAGE for a file that is not a whole image, VISIT_PHOTO_TOO_LARGE, VISIT_PHOTOS_TOO_MANY; ${REFUSALS} ${UPLOAD}`,
  })
  addVisitPhoto(
    @Ctx() ctx: AppContext,
    @Arg('input', () => AddVisitPhotoInput) input: AddVisitPhotoInput,
    @Arg('file', () => UploadScalar, { description: 'The photo.' }) file: PendingUpload,
  ): Promise<VisitPhoto> {
    return new VisitRecordService(ctx).addPhoto(input, file);
  }

  @Mutation(() => VisitRecord, {
    nullable: true,
    description: `Removes a photo of a visit, with its files, and answers the record (null when it has none); a photo already removed is no error. ${REFUSALS}`,
  })
  removeVisitPhoto(
    @Ctx() ctx: AppContext,
    @Arg('input', () => RemoveVisitPhotoInput) input: RemoveVisitPhotoInput,
  ): Promise<VisitRecord | null> {
    return new VisitRecordService(ctx).removePhoto(input);
  }

  @Mutation(() => VisitRecord, {
    description: `Stores the customer's signature, a PNG drawn on the screen (at most ${VISIT_SIGNATURE_MAX_BYTES / MB} MB), replacing an earlier one. ${REFUSALS} ${UPLOAD}`,
  })
  signVisit(
    @Ctx() ctx: AppContext,
    @Arg('input', () => SignVisitInput) input: SignVisitInput,
    @Arg('file', () => UploadScalar, { description: 'The signature as a PNG.' }) file: PendingUpload,
  ): Promise<VisitRecord> {
    return new VisitRecordService(ctx).sign(input, file);
  }
}

@Resolver(() => VisitRecord)
@RequireRoleForAll(Role.TECHNICIAN, ...OFFICE)
export class VisitRecordFieldsResolver {
  @FieldResolver(() => [VisitPhoto], { description: `The photos, oldest first (at most ${VISIT_PHOTOS_MAX}).` })
  photos(@Root() record: VisitRecord, @Ctx() ctx: AppContext): Promise<VisitPhoto[]> {
    return new VisitRecordService(ctx).photosOf(record.order.id, false);
  }

  @FieldResolver(() => VisitSignature, {
    nullable: true,
    description:
      'The signature; null when not signed, or after its file was removed at the end of the retention period.',
  })
  signature(@Root() record: VisitRecord, @Ctx() ctx: AppContext): VisitSignature | null {
    return new VisitRecordService(ctx).signatureOf(record);
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: 'When the customer signed; stays after the signature file itself was removed.',
  })
  signedAt(@Root() record: VisitRecord): Date | null {
    return record.signedAt;
  }
}

@Resolver(() => VisitPhoto)
@RequireRoleForAll(Role.CONSUMER, Role.TECHNICIAN, ...OFFICE)
export class VisitPhotoResolver {
  @FieldResolver(() => String, {
    description:
      'A path on this server that answers the JPEG for a few minutes (signed, without personal data): fetch it with GET.',
  })
  url(@Root() photo: VisitPhoto, @Ctx() ctx: AppContext): string {
    return visitFileLinks(ctx.services).pathOf(photo.fileKey);
  }

  @FieldResolver(() => String, { description: 'The same for the thumbnail.' })
  thumbnailUrl(@Root() photo: VisitPhoto, @Ctx() ctx: AppContext): string {
    return visitFileLinks(ctx.services).pathOf(photo.thumbnailKey);
  }
}

@Resolver(() => Order)
export class OrderVisitRecordResolver {
  @FieldResolver(() => VisitRecord, {
    nullable: true,
    description: "The technician's record of the visit; null before one.",
  })
  @RequireRole(...OFFICE)
  visitRecord(@Root() order: Order, @Ctx() ctx: AppContext): Promise<VisitRecord | null> {
    return ctx.em.findOne(VisitRecord, { order: order.id });
  }
}

@Resolver(() => ConsumerVisit)
export class ConsumerVisitRecordResolver {
  @FieldResolver(() => ConsumerVisitRecord, {
    nullable: true,
    description: "What the customer sees of the technician's record of the visit; null before one.",
  })
  @RequireRole(Role.CONSUMER)
  visitRecord(@Root() visit: ConsumerVisit, @Ctx() ctx: AppContext): Promise<ConsumerVisitRecord | null> {
    return new VisitRecordService(ctx).consumerRecord(visit.orderId);
  }
}

@Resolver()
export class VisitReportLinkResolver {
  @Query(() => VisitReportLinkResult, {
    description: `Public. The work report of the finished visit of a personal link (the page \`/v/<token>/werkbon\`), until ${VISIT_REPORT_DAYS} days after the visit day: what the customer may see of the technician's record, with signed paths to its files. Refused as INVALID, REVOKED (as the personal link), EXPIRED after those days, or NOT_READY before the visit is finished and recorded. Reads only; counts against PERSONAL_LINK_PER_CLIENT.`,
  })
  visitReportLink(
    @Ctx() ctx: AppContext,
    @Arg('token', { description: 'The part of the personal link after `/v/`.' }) token: string,
  ): Promise<LinkedVisitReport | VisitReportRefused> {
    return new VisitReportLinkService(ctx).view(token);
  }
}

@Resolver(() => ScheduleOrder)
export class ScheduleOrderPreviousVisitResolver {
  @FieldResolver(() => PreviousVisitRecord, {
    nullable: true,
    description: `The record of the latest earlier visit to the same customer (the lookup's rule: address in NL, phone in BE) whose window started within ${FOLLOW_UP_WINDOW_DAYS} days before this one's, for the card of a follow-up visit; null when there is none. The signed-in technician's own orders only.`,
  })
  @RequireRole(Role.TECHNICIAN)
  previousVisitRecord(@Root() order: ScheduleOrder, @Ctx() ctx: AppContext): Promise<PreviousVisitRecord | null> {
    return previousVisitRecordLoader(ctx).load(order);
  }
}
