import { HOUR_CHOICES } from '../../shared/hours.js';
import type { MessageKey, MessageParams } from '../common/i18n/translate.js';
import {
  formatClock,
  ImportWindowKind,
  MINUTES_PER_DAY,
  parsePlannedRange,
  parseVisitWindow,
  type ImportWindowRule,
  type PlannedRange,
} from './import-window.js';

export interface ImportSettingDraft {
  timeBetween: string;
  timeTo: string;
}

export interface ImportSettingProblem {
  /** Position of the rule in the checked list. */
  index: number;
  field: 'timeBetween' | 'timeTo';
  message: MessageKey;
  params?: MessageParams;
}

function onHourChoices(minutes: number[]): boolean {
  return minutes.every(
    (value) => value % 60 === 0 && value >= HOUR_CHOICES.first * 60 && value <= HOUR_CHOICES.last * 60,
  );
}

function boundsOf(range: PlannedRange): number[] {
  if (range.kind === ImportWindowKind.BEFORE) return [range.to];
  if (range.kind === ImportWindowKind.AFTER) return [range.from];
  return [range.from, range.to];
}

function checkOne(
  draft: ImportSettingDraft,
  index: number,
): { rule?: ImportWindowRule; problems: ImportSettingProblem[] } {
  const problems: ImportSettingProblem[] = [];
  const range = parsePlannedRange(draft.timeBetween);
  const window = parseVisitWindow(draft.timeTo);
  if (!range) {
    problems.push({ index, field: 'timeBetween', message: 'IMPORT_SETTING_BETWEEN_FORMAT' });
  } else if (!onHourChoices(boundsOf(range))) {
    problems.push({ index, field: 'timeBetween', message: 'IMPORT_SETTING_HOURS' });
  }
  if (!window) problems.push({ index, field: 'timeTo', message: 'IMPORT_SETTING_TO_FORMAT' });
  else if (!onHourChoices([window.start, window.end])) {
    problems.push({ index, field: 'timeTo', message: 'IMPORT_SETTING_HOURS' });
  }
  return problems.length > 0 || !range || !window ? { problems } : { rule: { range, window }, problems };
}

/**
 * The rules of a set must cover the whole day exactly once: every planned time falls under one rule.
 * Problems name the rules involved by their text, so the message says which rule to change.
 */
function checkCoverage(drafts: readonly ImportSettingDraft[], rules: readonly ImportWindowRule[]) {
  const problems: ImportSettingProblem[] = [];
  const order = rules.map((_, index) => index).sort((a, b) => rules[a].range.from - rules[b].range.from);
  let coveredUntil = 0;
  let previous: number | undefined;
  for (const index of order) {
    const { range } = rules[index];
    const rule = drafts[index].timeBetween.trim();
    if (range.from > coveredUntil) {
      problems.push(
        previous === undefined
          ? {
              index,
              field: 'timeBetween',
              message: 'IMPORT_SETTING_GAP_START',
              params: { to: formatClock(range.from) },
            }
          : {
              index,
              field: 'timeBetween',
              message: 'IMPORT_SETTING_GAP',
              params: {
                from: formatClock(coveredUntil),
                to: formatClock(range.from),
                rule: drafts[previous].timeBetween.trim(),
                other: rule,
              },
            },
      );
    } else if (range.from < coveredUntil) {
      problems.push({
        index,
        field: 'timeBetween',
        message: 'IMPORT_SETTING_OVERLAP',
        params: { rule, other: drafts[previous!].timeBetween.trim() },
      });
    }
    if (range.to > coveredUntil) {
      coveredUntil = range.to;
      previous = index;
    }
  }
  if (coveredUntil < MINUTES_PER_DAY) {
    problems.push({
      index: previous ?? 0,
      field: 'timeBetween',
      message: 'IMPORT_SETTING_GAP_END',
      params: { from: formatClock(coveredUntil) },
    });
  }
  return problems;
}

/** Checks a whole set of import windows: each rule's format and hours, then gaps and overlaps. */
export function checkImportSettings(drafts: readonly ImportSettingDraft[]): {
  rules?: ImportWindowRule[];
  problems: ImportSettingProblem[];
} {
  const checked = drafts.map(checkOne);
  const problems = checked.flatMap((result) => result.problems);
  if (drafts.length === 0) return { problems: [{ index: 0, field: 'timeBetween', message: 'IMPORT_SETTINGS_EMPTY' }] };
  if (problems.length > 0) return { problems };
  const rules = checked.map((result) => result.rule!);
  const coverage = checkCoverage(drafts, rules);
  return coverage.length > 0 ? { problems: coverage } : { rules, problems: [] };
}
