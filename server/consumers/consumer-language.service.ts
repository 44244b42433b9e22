import { OrderEventKind, recordOrderEvents, type OrderChange } from '../audit/index.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Role } from '../common/auth/role.js';
import type { Language } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { OrderRepository } from '../orders/index.js';

/**
 * The language a consumer last chose on our pages, kept on the orders of their data token: later messages about them
 * are in it (docs/rules.md, Consumer language). Deleted orders are left as they are: nothing more is told of them
 * but a cancellation, which goes in the language of the messages before it.
 */
export class ConsumerLanguageService {
  constructor(private readonly ctx: AppContext) {}

  choose(language: Language): Promise<Language> {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.CONSUMER) throw new AppError(CommonError.FORBIDDEN);
    return this.ctx.em.transactional(async (em) => {
      const changes: OrderChange[] = [];
      const repository = new OrderRepository(em);
      for (const id of [...viewer.orderIds].sort((a, b) => a - b)) {
        const order = await repository.forChangeIncludingDeleted(id);
        if (!order || order.deletedAt || order.language === language) continue;
        changes.push({ order, before: { language: order.language }, after: { language } });
        order.language = language;
      }
      if (changes.length > 0) await recordOrderEvents(this.ctx, em, OrderEventKind.CONSUMER_LANGUAGE_CHOSEN, changes);
      await em.flush();
      return language;
    });
  }
}
