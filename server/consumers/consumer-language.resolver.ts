import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Language } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { ConsumerLanguageService } from './consumer-language.service.js';

@Resolver()
export class ConsumerLanguageResolver {
  @Mutation(() => Language, {
    description:
      "The consumer switched the page's language: the orders of the data token keep it, and later messages about them (mail and SMS) are in it. Answers the language kept.",
  })
  @RequireRole(Role.CONSUMER)
  chooseConsumerLanguage(
    @Ctx() ctx: AppContext,
    @Arg('language', () => Language) language: Language,
  ): Promise<Language> {
    return new ConsumerLanguageService(ctx).choose(language);
  }
}
