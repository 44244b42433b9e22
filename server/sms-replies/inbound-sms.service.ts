import { createHmac } from 'node:crypto';
import { officeCallBack } from '../../shared/call-back.js';
import { formatClock } from '../../shared/clock-time.js';
import { instantOf, localDateOf } from '../../shared/zoned-time.js';
import { externalHandlingOf } from '../common/auth/tokens.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { isMessageKey, translate, type MessageKey, type MessageParams } from '../common/i18n/translate.js';
import { Country, Language, TIME_ZONE } from '../common/locale.js';
import { withViewer, type AppContext } from '../context.js';
import { personalLinkUrls, resubscribe, unsubscribe } from '../consumer-links/index.js';
import { CALL_CENTRE, VisitReplyService } from '../consumers/index.js';
import { latestTextedVisit, toGsm7 } from '../messages/index.js';
import { mobileNumberE164, orderLanguageOf, OrderRepository, type Order } from '../orders/index.js';
import { VisitAnswer } from '../replies/index.js';
import { InboundSmsAction } from './inbound-sms.entity.js';
import { InboundSmsRepository } from './repository/inbound-sms.repository.js';
import { keywordOf, SmsKeyword } from './sms-keywords.js';

/** A keyed hash of its own purpose, derived from the server secret: it matches nothing else signed with it. */
const SENDER_PURPOSE = 'tijdvak:inbound-sms:v1';

/** A text message as the provider hands it over, its fields checked. */
export interface InboundSmsMessage {
  /** The provider's id of the message (Twilio's MessageSid). */
  messageSid: string;
  /** The number that sent it, as the provider writes it (E.164). */
  from: string;
  body: string;
}

/** Who reads an answer: the order's language, else the languages of the number's country. */
interface Readers {
  languages: Language[];
  country: Country;
}

/**
 * The answers consumers send by SMS (docs/rules.md, Consumer messages): 1, 2 and 3 to the visit last texted to the
 * number, STOP and START, and one helpful answer a day to anything else. Each message counts once, by its provider id.
 */
export class InboundSmsService {
  constructor(private readonly ctx: AppContext) {}

  /** Does what the message asks and resolves to the answer to send back, or null for none. */
  async receive(message: InboundSmsMessage): Promise<string | null> {
    const { em, services } = this.ctx;
    const messages = new InboundSmsRepository(em);
    // A delivery the provider retries changes nothing and is not answered again: the first answer may have gone.
    if (await messages.recorded(message.messageSid)) return null;
    const now = services.clock.now();
    const number = mobileNumberE164(message.from);
    const country = number?.startsWith('+32') ? Country.BE : Country.NL;
    const senderHash = createHmac('sha256', services.config.jwtSecret)
      .update(`${SENDER_PURPOSE}|${number ?? message.from.trim()}`)
      .digest('base64url');
    const orderId = number === null ? null : await latestTextedVisit(em, number, country, now);
    const order = orderId === null ? null : await new OrderRepository(em).findIncludingDeleted(orderId);
    const readers: Readers = order
      ? { languages: [orderLanguageOf(order)], country: order.country }
      : { languages: country === Country.BE ? [Language.NL, Language.FR] : [Language.NL], country };
    const keyword = keywordOf(message.body);
    const record = (action: InboundSmsAction, repository = messages) =>
      repository.insertOnce({
        messageSid: message.messageSid,
        senderHash,
        receivedAt: now,
        orderId: order?.id ?? null,
        action,
      });

    if (keyword === SmsKeyword.STOP || keyword === SmsKeyword.START) {
      const stop = keyword === SmsKeyword.STOP;
      if (number !== null) {
        if (stop) await unsubscribe(em, 'SMS', number, now);
        else await resubscribe(em, 'SMS', number);
      }
      if (!(await record(stop ? InboundSmsAction.STOP : InboundSmsAction.START))) return null;
      return this.text(readers, stop ? 'SMS_REPLY_STOP' : 'SMS_REPLY_START');
    }
    if (order && keyword === SmsKeyword.MOVE) {
      if (!(await record(InboundSmsAction.MOVE))) return null;
      return this.text(readers, 'SMS_REPLY_MOVE', { link: personalLinkUrls(services.config, order).move });
    }
    if (order && (keyword === SmsKeyword.AT_HOME || keyword === SmsKeyword.CALL_ME)) {
      const answer = keyword === SmsKeyword.AT_HOME ? VisitAnswer.AT_HOME : VisitAnswer.CALL_ME;
      const refused = await this.replyAsConsumer(order, answer);
      if (!(await record(keyword === SmsKeyword.AT_HOME ? InboundSmsAction.AT_HOME : InboundSmsAction.CALL_ME))) {
        return null;
      }
      if (refused) return this.text(readers, refused.key, refused.params);
      if (answer === VisitAnswer.AT_HOME) return this.text(readers, 'SMS_REPLY_AT_HOME');
      return this.callBackText(readers, order, now);
    }
    return this.help(readers, senderHash, order !== null, record, now);
  }

  /**
   * The day's one helpful answer to the number, or nothing after it: an automatic reply from the other side is
   * answered once at most, never in a loop. Decided under the sender's lock, so two messages at once get one answer.
   */
  private help(
    readers: Readers,
    senderHash: string,
    known: boolean,
    record: (action: InboundSmsAction, repository: InboundSmsRepository) => Promise<boolean>,
    now: Date,
  ): Promise<string | null> {
    return this.ctx.em.transactional(async (em) => {
      const messages = new InboundSmsRepository(em);
      await messages.lockSender(senderHash);
      const zone = TIME_ZONE[readers.country];
      const startOfDay = instantOf(localDateOf(now, zone), 0, 0, zone);
      if (await messages.helpedSince(senderHash, startOfDay, InboundSmsAction.HELP)) {
        await record(InboundSmsAction.QUIET, messages);
        return null;
      }
      if (!(await record(InboundSmsAction.HELP, messages))) return null;
      return this.text(readers, known ? 'SMS_REPLY_HELP' : 'SMS_REPLY_UNKNOWN');
    });
  }

  /**
   * The answer recorded as the consumer's own from the page: the same service, rules and history (the consumer of
   * the one order is the actor). Resolves to the refusal's text when a rule refuses it (the visit started, too many
   * changes), else null.
   */
  private async replyAsConsumer(
    order: Order,
    answer: VisitAnswer,
  ): Promise<{ key: MessageKey; params: MessageParams } | null> {
    const asConsumer = withViewer(this.ctx, {
      role: Role.CONSUMER,
      orderIds: [order.id],
      external: externalHandlingOf(order),
    });
    try {
      await new VisitReplyService(asConsumer).reply({ referenceNumber: order.referenceNumber, answer });
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const key = error.messageKey ?? error.definition.code;
      return { key: isMessageKey(key) ? key : 'SMS_REPLY_REFUSED', params: error.params };
    }
  }

  /** When the office calls back, by the same rule as the consumer's page says it. */
  private callBackText(readers: Readers, order: Order, now: Date): string {
    const callBack = officeCallBack(now, order.appointment, TIME_ZONE[order.country]);
    return this.text(readers, `SMS_REPLY_CALL_ME_${callBack.bound}`, (language) => ({
      // Midday UTC of that date is the same date in the Dutch and Belgian zones.
      date: new Intl.DateTimeFormat(`${language}-${order.country}`, {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }).format(new Date(`${callBack.date}T12:00:00Z`)),
      time: formatClock(callBack.time, language),
    }));
  }

  /** The text in each language of its readers, in the SMS alphabet. */
  private text(
    readers: Readers,
    key: MessageKey,
    params: MessageParams | ((language: Language) => MessageParams) = {},
  ): string {
    const phone = CALL_CENTRE[readers.country].display;
    return toGsm7(
      readers.languages
        .map((language) =>
          translate(language, key, { phone, ...(typeof params === 'function' ? params(language) : params) }),
        )
        .join('\n'),
    );
  }
}
