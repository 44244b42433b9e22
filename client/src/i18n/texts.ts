import type { Language } from './locale';
import type { MessageKey, PartTexts, TextPart } from './parts';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

type PartLoaders = { [Part in TextPart]: () => Promise<PartTexts<Part>> };

/** Each part of each language is its own chunk (see parts.ts). */
const LOADERS: Record<Language, PartLoaders> = {
  nl: {
    common: () => import('./nl/common').then((module) => module.texts),
    consumer: () => import('./nl/consumer').then((module) => module.texts),
    staff: () => import('./nl/staff').then((module) => module.texts),
    technician: () => import('./nl/technician').then((module) => module.texts),
    admin: () => import('./nl/admin').then((module) => module.texts),
  },
  fr: {
    common: () => import('./fr/common').then((module) => module.texts),
    consumer: () => import('./fr/consumer').then((module) => module.texts),
    staff: () => import('./fr/staff').then((module) => module.texts),
    technician: () => import('./fr/technician').then((module) => module.texts),
    admin: () => import('./fr/admin').then((module) => module.texts),
  },
};

/** The texts of the page's language, filled part by part as its areas load them. */
export class Texts {
  private readonly catalogue: Partial<Record<MessageKey, string>> = {};
  private readonly parts = new Set<TextPart>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(private readonly language: Language) {}

  /** Whether every one of `parts` is in. */
  has(parts: readonly TextPart[]): boolean {
    return parts.every((part) => this.parts.has(part));
  }

  /** Loads `parts` (each once); the same list gets the same promise, as React's `use` needs. */
  load(parts: readonly TextPart[]): Promise<void> {
    const name = parts.join(' ');
    let loading = this.loading.get(name);
    if (!loading) {
      loading = Promise.all(parts.map((part) => this.loadPart(part))).then(() => undefined);
      this.loading.set(name, loading);
    }
    return loading;
  }

  private async loadPart(part: TextPart): Promise<void> {
    if (this.parts.has(part)) return;
    Object.assign(this.catalogue, await LOADERS[this.language][part]());
    this.parts.add(part);
  }

  readonly translate: Translate = (key, params = {}) => {
    const text = this.catalogue[key];
    // test/client/text-parts.test.ts keeps every area to the parts it loads; this is the backstop.
    if (text === undefined) throw new Error(`The text ${key} is not loaded`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
