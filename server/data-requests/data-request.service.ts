import { LockMode } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATA_REQUEST_MAX_ORDERS } from '../../shared/data-requests.js';
import { fullName } from '../../shared/staff.js';
import { isPlainEmailAddress } from '../../shared/text.js';
import { Admin } from '../admins/admin.entity.js';
import { Role } from '../common/auth/role.js';
import { officeViewerOf } from '../common/auth/viewer.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { normalizePhone } from '../orders/index.js';
import { deleteVisitFiles } from '../visit-records/index.js';
import { anonymiseOrders, subjectOf } from './anonymise.js';
import { DataRequestSetting } from './data-request-setting.entity.js';
import { DataRequest, DataRequestKind, DataRequestStatus } from './data-request.entity.js';
import { DataRequestError } from './data-request.errors.js';
import type { ExportPersonalDataInput } from './data-request.inputs.js';
import {
  PersonalDataFormat,
  type PersonalDataExportPayload,
  type PersonalDataFindings,
  type PersonalDataOrder,
} from './data-request.types.js';
import { exportFileName, heldDataHtml, heldDataJson, type HeldData } from './export-file.js';
import { PERSONAL_DATA_HOLDERS } from './holders.js';
import { DataSubjectRepository, type SubjectOrderRow } from './repository/data-subject.repository.js';

/** A phone number has at least this many digits (orders are refused with fewer), at most an international one's. */
const PHONE_DIGITS = { min: 6, max: 15 } as const;
/** Longer than any address or number: refused before it reaches a statement. */
const SEARCH_MAX_LENGTH = 254;

/** The audit's list, newest first, at most this many. */
export const DATA_REQUESTS_MAX = 100;

type Search = { email: string } | { phone: string };

/** An e-mail address (it has an `@`) or a phone number in any notation; anything else is refused. */
function parseSearch(typed: string): Search {
  const search = typed.trim();
  if (search.length > 0 && search.length <= SEARCH_MAX_LENGTH) {
    if (search.includes('@')) {
      if (isPlainEmailAddress(search.toLowerCase())) return { email: search };
    } else {
      const phone = normalizePhone(search);
      if (phone.length >= PHONE_DIGITS.min && phone.length <= PHONE_DIGITS.max) return { phone };
    }
  }
  throw new AppError(DataRequestError.DATA_SEARCH_INVALID, {
    fields: [{ field: 'search', message: 'DATA_SEARCH_INVALID' }],
  });
}

const addressOf = (order: SubjectOrderRow): string =>
  [
    [order.street, `${order.houseNumber}${order.houseNumberAddition ? ` ${order.houseNumberAddition}` : ''}`]
      .filter(Boolean)
      .join(' '),
    [order.zipcode, order.city].filter(Boolean).join(' '),
  ].join(', ');

/**
 * A person's data on request (docs/rules.md, Personal data): found by e-mail address or phone number, downloaded, and
 * erased from the orders whose visit is over, each export and erase recorded in the audit of requests.
 */
export class DataRequestService {
  constructor(private readonly ctx: AppContext) {}

  private get now(): Date {
    return this.ctx.services.clock.now();
  }

  private adminId(): number {
    const office = officeViewerOf(this.ctx.viewer);
    if (office?.role !== Role.ADMIN) throw new AppError(CommonError.FORBIDDEN);
    return office.adminId;
  }

  private planned(order: SubjectOrderRow): boolean {
    return order.deletedAt === null && order.appointment.getTime() + order.duration * 1000 > this.now.getTime();
  }

  /** The orders that name the person, newest first; refused when none does or more than one person has. */
  private async subjectOrders(em: EntityManager, typed: string): Promise<SubjectOrderRow[]> {
    const search = parseSearch(typed);
    const repository = new DataSubjectRepository(em);
    const orders =
      'email' in search
        ? await repository.byEmail(search.email, DATA_REQUEST_MAX_ORDERS + 1)
        : await repository.byPhone(search.phone, DATA_REQUEST_MAX_ORDERS + 1);
    if (orders.length === 0) throw new AppError(DataRequestError.DATA_SUBJECT_NOT_FOUND);
    if (orders.length > DATA_REQUEST_MAX_ORDERS) {
      throw new AppError(DataRequestError.DATA_SUBJECT_TOO_MANY, { params: { max: DATA_REQUEST_MAX_ORDERS } });
    }
    return orders;
  }

  private async heldData(em: EntityManager, search: string): Promise<HeldData> {
    const orders = await this.subjectOrders(em, search);
    const subject = subjectOf(orders);
    const parts = [];
    for (const holder of PERSONAL_DATA_HOLDERS) parts.push({ name: holder.name, rows: await holder.find(em, subject) });
    return { search: search.trim(), madeAt: this.now, orders, parts };
  }

  async find(search: string): Promise<PersonalDataFindings> {
    this.adminId();
    const data = await this.heldData(this.ctx.em, search);
    const orders: PersonalDataOrder[] = data.orders.map((order) => ({
      id: order.id,
      referenceNumber: order.referenceNumber,
      name: order.name,
      email: order.email,
      phone: order.phone,
      address: addressOf(order),
      country: order.country,
      appointment: order.appointment,
      deleted: order.deletedAt !== null,
      planned: this.planned(order),
    }));
    // The visits still to come first: an erase waits for them.
    orders.sort((a, b) => Number(b.planned) - Number(a.planned));
    return { orders, parts: data.parts.map((part) => ({ name: part.name, rows: part.rows.length })) };
  }

  async export(input: ExportPersonalDataInput): Promise<PersonalDataExportPayload> {
    const adminId = this.adminId();
    const data = await this.heldData(this.ctx.em, input.search);
    const rows = data.orders.length + data.parts.reduce((sum, part) => sum + part.rows.length, 0);
    const request = await this.ctx.em.transactional(async (em) =>
      this.record(em, adminId, DataRequestKind.EXPORT, { orders: data.orders.length, rows }),
    );
    this.ctx.log.info({ adminId, requestId: request.id, rows }, 'personal data exported');
    return input.format === PersonalDataFormat.JSON
      ? {
          fileName: exportFileName(data.madeAt, 'json'),
          contentType: 'application/json; charset=utf-8',
          content: heldDataJson(data),
          request,
        }
      : {
          fileName: exportFileName(data.madeAt, 'html'),
          contentType: 'text/html; charset=utf-8',
          content: heldDataHtml(data, this.ctx.language, this.ctx.country),
          request,
        };
  }

  /**
   * Erases the person from their orders (docs/decisions/orders.md, Personal data on request): refused while a visit of theirs is planned;
   * waits for a second admin when a country of their orders asks for one.
   */
  async erase(search: string): Promise<DataRequest> {
    const adminId = this.adminId();
    const found = await this.subjectOrders(this.ctx.em, search);
    let files: string[] = [];
    const request = await this.ctx.em.transactional(async (em) => {
      const orders = await new DataSubjectRepository(em).forAnonymising(found.map((order) => order.id));
      this.refusePlanned(orders);
      const countries = [...new Set(orders.map((order) => order.country))];
      const settings = await em.find(DataRequestSetting, { country: { $in: countries } });
      if (settings.some((setting) => setting.eraseNeedsTwoAdmins)) {
        const pending = await this.record(em, adminId, DataRequestKind.ERASE, { orders: orders.length, rows: 0 });
        pending.status = DataRequestStatus.PENDING;
        pending.pendingOrderIds = orders.map((order) => order.id);
        return pending;
      }
      const done = await anonymiseOrders(em, orders, this.ctx.services.config.jwtSecret, this.now);
      files = done.files;
      return this.record(em, adminId, DataRequestKind.ERASE, done);
    });
    await deleteVisitFiles(this.ctx.services.files, files);
    this.ctx.log.info(
      { adminId, requestId: request.id, status: request.status, orders: request.orderCount, rows: request.rowCount },
      'personal data erase',
    );
    return request;
  }

  /** A second admin confirms a pending erase: it is carried out as asked, its orders checked again. */
  async confirm(id: number): Promise<DataRequest> {
    const adminId = this.adminId();
    let files: string[] = [];
    const request = await this.ctx.em.transactional(async (em) => {
      const pending = await em.findOne(DataRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (pending?.status !== DataRequestStatus.PENDING || pending.kind !== DataRequestKind.ERASE) {
        throw new AppError(DataRequestError.ERASE_NOT_PENDING);
      }
      if (pending.requestedById === adminId) throw new AppError(DataRequestError.ERASE_SAME_ADMIN);
      const orders = await new DataSubjectRepository(em).forAnonymising(pending.pendingOrderIds ?? []);
      this.refusePlanned(orders);
      const done = await anonymiseOrders(em, orders, this.ctx.services.config.jwtSecret, this.now);
      files = done.files;
      const admin = await em.findOneOrFail(Admin, { id: adminId });
      Object.assign(pending, {
        status: DataRequestStatus.DONE,
        confirmedAt: this.now,
        confirmedById: adminId,
        confirmedByName: fullName(admin),
        orderCount: done.orders,
        rowCount: done.rows,
        pendingOrderIds: null,
      });
      return pending;
    });
    await deleteVisitFiles(this.ctx.services.files, files);
    this.ctx.log.info({ adminId, requestId: request.id, rows: request.rowCount }, 'personal data erase confirmed');
    return request;
  }

  /** The audit of requests, newest first. */
  list(first: number): Promise<DataRequest[]> {
    this.adminId();
    const limit = Math.min(Math.max(Math.trunc(first), 1), DATA_REQUESTS_MAX);
    return this.ctx.em.find(DataRequest, {}, { orderBy: { requestedAt: 'desc', id: 'desc' }, limit });
  }

  private refusePlanned(orders: readonly SubjectOrderRow[]): void {
    const planned = orders.filter((order) => this.planned(order)).length;
    if (planned > 0) throw new AppError(DataRequestError.ERASE_PLANNED_VISITS, { params: { count: planned } });
  }

  private async record(
    em: EntityManager,
    adminId: number,
    kind: DataRequestKind,
    counts: { orders: number; rows: number },
  ): Promise<DataRequest> {
    const admin = await em.findOneOrFail(Admin, { id: adminId });
    const request = em.create(DataRequest, {
      kind,
      status: DataRequestStatus.DONE,
      requestedAt: this.now,
      requestedById: adminId,
      requestedByName: fullName(admin),
      orderCount: counts.orders,
      rowCount: counts.rows,
    });
    await em.flush();
    return request;
  }
}
