import type { texts as admin } from './nl/admin.js';
import type { texts as common } from './nl/common.js';
import type { texts as consumer } from './nl/consumer.js';
import type { texts as staff } from './nl/staff.js';
import type { texts as technician } from './nl/technician.js';

/**
 * Every text of the interface, in Dutch (nl/, the default) and French (fr/), split into parts by the area that
 * shows it, each part its own chunk: a page downloads only its language's parts for its area (the consumer's
 * first page needs 108 of the 728 texts). `{name}` is replaced by a parameter. Error messages of server
 * operations come from the server, already in the caller's language; only texts the client shows on its own
 * live here. A key's first segment says its part (PART_OF_PREFIX).
 */
interface KeysOfPart {
  common: keyof typeof common;
  consumer: keyof typeof consumer;
  staff: keyof typeof staff;
  technician: keyof typeof technician;
  admin: keyof typeof admin;
}

export type TextPart = keyof KeysOfPart;
export type MessageKey = KeysOfPart[TextPart];
/** A part's texts in one language: fr/<part>.ts is typed with it, so it has exactly nl/<part>.ts's keys. */
export type PartTexts<Part extends TextPart> = Record<KeysOfPart[Part], string>;

/** Which text catalogue (of the ones loaded per area) holds a key, by the first segment of the key's name. */
export const PART_OF_PREFIX = {
  common: 'common',
  notFound: 'common',
  reply: 'common',
  consumer: 'consumer',
  staff: 'staff',
  visit: 'staff',
  technician: 'technician',
  admin: 'admin',
} as const satisfies Record<string, TextPart>;

export type Area = 'consumer' | 'technician' | 'admin';

/**
 * The parts each area loads before it renders. The shell (the router, /404, client/src/components and lib)
 * renders with `common` alone, and code used by several areas (client/src/staff) may use only the parts all of
 * them load; test/client/text-parts.test.ts checks every `t('…')` against this.
 */
export const AREA_PARTS: Record<Area, readonly TextPart[]> = {
  consumer: ['common', 'consumer'],
  technician: ['common', 'staff', 'technician'],
  admin: ['common', 'staff', 'admin'],
};

export const SHELL_PARTS: readonly TextPart[] = ['common'];
