import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from './locale';
import type { MessageKey } from './parts';
import type { Texts, Translate } from './texts';

export type { MessageKey, Texts, Translate };

export interface I18n extends Locale {
  t: Translate;
  texts: Texts;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ locale, texts, children }: { locale: Locale; texts: Texts; children: ReactNode }) {
  const value = useMemo(() => ({ ...locale, t: texts.translate, texts }), [locale, texts]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}
