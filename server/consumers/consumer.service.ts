import type { AppContext } from '../context.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { localDateOf } from '../../shared/zoned-time.js';
import { Order, OrderRepository } from '../orders/index.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { CALL_CENTRE, CALL_CENTRE_API_HOURS, EXTERNAL_COMPANIES } from './contact-details.js';
import type { ConsumerContact } from './consumer-contact.types.js';
import { ConsumerVisit, type VisitMessageNotice } from './consumer-visit.types.js';
import { isWindowAvailable, windowsChosenByConsumer, windowShownFrom } from './visit-indication.js';
import { maskedMessageAddresses, messageAddressesOf } from '../consumer-links/message-addresses.js';
import { MessageSetting } from '../message-settings/message-setting.entity.js';

export class ConsumerService {
  constructor(private readonly ctx: AppContext) {}

  /** The visits the caller's data token grants, nearest first; deleted ones are gone. */
  async visits(): Promise<ConsumerVisit[]> {
    const { em, viewer, services } = this.ctx;
    if (viewer?.role !== Role.CONSUMER) throw new AppError(CommonError.FORBIDDEN);
    if (viewer.orderIds.length === 0) return [];
    const orders = await new OrderRepository(em).activeAmong(viewer.orderIds);
    const now = services.clock.now();
    // Visits on one day share the answer: one holiday query per day, not per visit.
    const availableByDay = new Map<string, boolean>();
    const windowAvailable: boolean[] = [];
    const chosen = await windowsChosenByConsumer(
      em,
      orders.map((order) => order.id),
    );
    for (const order of orders) {
      const day = `${order.country}:${localDateOf(order.appointment, TIME_ZONE[order.country])}`;
      let available = availableByDay.get(day);
      if (available === undefined) {
        available = await isWindowAvailable(services.holidays, order.country, order.appointment, now);
        availableByDay.set(day, available);
      }
      windowAvailable.push(available || chosen.has(order.id));
    }
    const shownFrom: Date[] = [];
    for (const order of orders) {
      shownFrom.push(await windowShownFrom(services.holidays, order.country, order.appointment));
    }
    // Only a visit still waiting for its window says how the window will come.
    const notices = await this.messageNotices(orders.filter((_, index) => !windowAvailable[index]));
    const replies = await em.find(ConsumerReply, { order: { $in: orders.map((order) => order.id) } });
    const replyOf = new Map(replies.map((reply) => [reply.order.id, reply]));
    // The times only once the window may be shown (docs/rules.md, Visit window): before that the
    // plan may still change, and a time given out early would be taken as a promise.
    return orders.map((order, index) => ({
      orderId: order.id,
      referenceNumber: order.referenceNumber,
      name: order.name,
      zipcode: order.zipcode,
      country: order.country,
      date: localDateOf(order.appointment, TIME_ZONE[order.country]),
      appointment: windowAvailable[index] ? order.appointment : null,
      end: windowAvailable[index] ? new Date(order.appointment.getTime() + order.duration * 1000) : null,
      windowAvailable: windowAvailable[index],
      windowShownFrom: shownFrom[index],
      messageNotice: notices.get(order.id) ?? null,
      reply: replyOf.get(order.id) ?? null,
      replyOpen:
        windowAvailable[index] && order.externalCompany === null && now.getTime() < order.appointment.getTime(),
    }));
  }

  /**
   * Where the window will be sent at 13:30, masked, by order; none when there is nowhere to send it. Only what will
   * really be sent is promised: nothing when the country's messages are off, no channel that is switched off. Two
   * statements for any number of visits (the countries' settings, the unsubscribes among their addresses).
   */
  private async messageNotices(orders: readonly Order[]): Promise<Map<number, VisitMessageNotice>> {
    const notices = new Map<number, VisitMessageNotice>();
    if (orders.length === 0) return notices;
    const countries = [...new Set(orders.map((order) => order.country))];
    const settings = await this.ctx.em.find(MessageSetting, { country: { $in: countries } });
    const settingOf = new Map(settings.map((setting) => [setting.country, setting]));
    const sending = orders.filter((order) => settingOf.get(order.country)?.enabled !== false);
    const addresses = await messageAddressesOf(this.ctx.em, sending);
    for (const [index, order] of sending.entries()) {
      const setting = settingOf.get(order.country);
      const masked = maskedMessageAddresses(addresses[index]);
      const promised = {
        email: setting && !setting.email ? null : masked.email,
        mobile: setting && !setting.sms ? null : masked.mobile,
      };
      if (promised.email !== null || promised.mobile !== null) notices.set(order.id, promised);
    }
    return notices;
  }

  /** The call centre of the country and, for a token of an externally handled visit, that company. */
  contact(country: Country): ConsumerContact {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.CONSUMER) throw new AppError(CommonError.FORBIDDEN);
    const company = viewer.external.state
      ? (EXTERNAL_COMPANIES[viewer.external.company] ?? EXTERNAL_COMPANIES[0])
      : null;
    return {
      country,
      callCentre: CALL_CENTRE[country],
      callCentreOpensAt: CALL_CENTRE_API_HOURS.from,
      callCentreClosesAt: CALL_CENTRE_API_HOURS.to,
      externalCompany: company ? { name: company.name, phone: company.phone[country] } : null,
    };
  }
}
