import { checkReportLink, reportExpiresAt } from '../consumer-links/index.js';
import type { AppContext } from '../context.js';
import { orderLanguageOf, type Order } from '../orders/index.js';
import { VisitStage, VisitStatus } from '../visits/visit-status.entity.js';
import { visitFileLinks } from './visit-file-links.js';
import {
  LinkedVisitReport,
  VisitReportRefusal,
  VisitReportRefused,
  type VisitReportPhoto,
} from './visit-report-link.types.js';
import { VisitRecord } from './visit-record.entity.js';
import { VisitRecordService } from './visit-record.service.js';

function refused(reason: VisitReportRefusal, order: Order | null): VisitReportRefused {
  return Object.assign(new VisitReportRefused(), {
    reason,
    orderCountry: order?.country ?? null,
    orderLanguage: order ? orderLanguageOf(order) : null,
  });
}

/**
 * The work report behind a personal link (`/v/<token>/werkbon`; docs/decisions/technician.md, Visit records): the link's rules, but
 * open until `VISIT_REPORT_DAYS` after the visit day; the report of a finished visit the technician recorded, as the
 * customer may see it. Reads only; counted against the client's link budget like opening the link.
 */
export class VisitReportLinkService {
  constructor(private readonly ctx: AppContext) {}

  async view(token: string): Promise<LinkedVisitReport | VisitReportRefused> {
    const { services, em } = this.ctx;
    await services.rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', this.ctx.clientKey);
    const link = await checkReportLink(em, services.config.jwtSecret, token, services.clock.now());
    if (!link.ok) return refused(VisitReportRefusal[link.refusal], link.order);
    const { order } = link;
    const status = await em.findOne(VisitStatus, { order: order.id }, { refresh: true });
    const record = await em.findOne(VisitRecord, { order: order.id }, { refresh: true });
    if (status?.stage !== VisitStage.FINISHED || status.outcome === null || !record) {
      return refused(VisitReportRefusal.NOT_READY, order);
    }
    const records = new VisitRecordService(this.ctx);
    const links = visitFileLinks(services);
    const photos = await records.photosOf(order.id, true);
    return Object.assign(new LinkedVisitReport(), {
      referenceNumber: order.referenceNumber,
      appointment: order.appointment,
      outcome: status.outcome,
      applianceBrand: record.applianceBrand,
      applianceModel: record.applianceModel,
      partsUsed: record.partsUsed.map(({ name, articleNumber, quantity }) => ({ name, articleNumber, quantity })),
      consumerNote: record.consumerNote,
      signedAt: record.signatureKey === null ? null : record.signedAt,
      signatureUrl: record.signatureKey === null ? null : links.pathOf(record.signatureKey),
      photos: photos.map((photo): VisitReportPhoto => ({
        kind: photo.kind,
        url: links.pathOf(photo.fileKey),
        thumbnailUrl: links.pathOf(photo.thumbnailKey),
        width: photo.width,
        height: photo.height,
      })),
      openUntil: reportExpiresAt(order),
      country: order.country,
      language: orderLanguageOf(order),
    });
  }
}
