import { Language } from '../locale.js';
import { fr } from './fr.js';
import { nl, type MessageKey } from './nl.js';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

const catalogues: Record<Language, Record<MessageKey, string>> = { [Language.NL]: nl, [Language.FR]: fr };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(nl, value);
}

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
