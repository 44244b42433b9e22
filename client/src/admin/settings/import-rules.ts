import { HOUR_CHOICES, hoursOf } from '../../../../shared/hours.js';

/** 7 → "07:00": the HH:MM form the import rules are stored and read in (not a text people read). */
const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** The hour choices of import windows, 07:00 to 20:00. */
export const RULE_HOURS = hoursOf(HOUR_CHOICES);

export type RuleKind = 'BEFORE' | 'BETWEEN' | 'AFTER';

/** One import window as the settings form edits it: whole hours. */
export interface RuleDraft {
  /** Stable React key, also for rules not saved yet. */
  key: string;
  id: number | null;
  kind: RuleKind;
  /** Planned times matched: from (BETWEEN, AFTER) up to (BEFORE, BETWEEN). */
  from: number;
  to: number;
  windowFrom: number;
  windowTo: number;
}

const hourOf = (text: string | undefined): number => {
  const hour = Number(/^\s*(\d{1,2}):/.exec(text ?? '')?.[1]);
  return Number.isInteger(hour) ? hour : RULE_HOURS[0];
};

/** `<10:00`, `10:00/12:00` or `>=14:00` with its window `08:00/11:00`, as form values. */
export function draftOf(setting: { id: number; timeBetween: string; timeTo: string }): RuleDraft {
  const between = setting.timeBetween.trim();
  const [windowFrom, windowTo] = setting.timeTo.split('/');
  const base = {
    key: `rule-${setting.id}`,
    id: setting.id,
    windowFrom: hourOf(windowFrom),
    windowTo: hourOf(windowTo),
  };
  if (between.startsWith('<')) return { ...base, kind: 'BEFORE', from: 0, to: hourOf(between.slice(1)) };
  if (between.startsWith('>=')) return { ...base, kind: 'AFTER', from: hourOf(between.slice(2)), to: 24 };
  const [from, to] = between.split('/');
  return { ...base, kind: 'BETWEEN', from: hourOf(from), to: hourOf(to) };
}

/** The form values back in the server's notation. */
export function inputOf(draft: RuleDraft): { id: number | null; timeBetween: string; timeTo: string } {
  const timeBetween =
    draft.kind === 'BEFORE'
      ? `<${hourLabel(draft.to)}`
      : draft.kind === 'AFTER'
        ? `>=${hourLabel(draft.from)}`
        : `${hourLabel(draft.from)}/${hourLabel(draft.to)}`;
  return { id: draft.id, timeBetween, timeTo: `${hourLabel(draft.windowFrom)}/${hourLabel(draft.windowTo)}` };
}

/** A new 'between' rule just before the 'after' rule, starting where that one starts. */
export function addRule(drafts: RuleDraft[], key: string): RuleDraft[] {
  const afterIndex = drafts.findIndex((draft) => draft.kind === 'AFTER');
  const at = afterIndex < 0 ? drafts.length : afterIndex;
  const last = RULE_HOURS[RULE_HOURS.length - 1];
  const from = Math.min(drafts[at]?.from ?? 12, last - 1);
  const added: RuleDraft = {
    key,
    id: null,
    kind: 'BETWEEN',
    from,
    to: from + 1,
    windowFrom: from,
    windowTo: Math.min(from + 3, last),
  };
  return [...drafts.slice(0, at), added, ...drafts.slice(at)];
}
