import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { fr } from './fr';
import type { Locale } from './locale';
import { nl, type MessageKey } from './nl';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const catalogues = { nl, fr } as const;

export interface I18n extends Locale {
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

export function makeTranslate(locale: Locale): Translate {
  const catalogue: Record<MessageKey, string> = catalogues[locale.language];
  return (key, params = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ ...locale, t: makeTranslate(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}
