import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language, Locale } from './locale';
import type { MessageKey } from './nl';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
export type Catalogue = Record<MessageKey, string>;

/**
 * The texts of one language, each its own chunk: a page downloads only its language's catalogue
 * (the two together were an eighth of the consumer page's JavaScript, docs/performance.md).
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'fr' ? import('./fr').then((module) => module.fr) : import('./nl').then((module) => module.nl);
}

export interface I18n extends Locale {
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export function makeTranslate(catalogue: Catalogue): Translate {
  return (key, params = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function I18nProvider({
  locale,
  catalogue,
  children,
}: {
  locale: Locale;
  catalogue: Catalogue;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ ...locale, t: makeTranslate(catalogue) }), [locale, catalogue]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}
