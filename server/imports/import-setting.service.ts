import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { ImportError } from './import.errors.js';
import { ImportSetting } from './import-setting.entity.js';
import { checkImportSettings, type ImportSettingDraft, type ImportSettingProblem } from './import-settings-rules.js';
import { compareRanges, parsePlannedRange, parseVisitWindow, type ImportWindowRule } from './import-window.js';

/** Before, between (by start), after; a rule that cannot be read (never saved through us) goes last. */
function sortSettings(settings: ImportSetting[]): ImportSetting[] {
  return [...settings].sort((a, b) => {
    const rangeA = parsePlannedRange(a.timeBetween);
    const rangeB = parsePlannedRange(b.timeBetween);
    if (rangeA && rangeB) return compareRanges(rangeA, rangeB) || a.id - b.id;
    return (rangeA ? 0 : 1) - (rangeB ? 0 : 1) || a.id - b.id;
  });
}

function refuse(problems: ImportSettingProblem[], fieldOf: (problem: ImportSettingProblem) => string | null): never {
  const [first] = problems;
  const fields: FieldProblem[] = [];
  for (const problem of problems) {
    const field = fieldOf(problem);
    if (field) fields.push({ field, message: problem.message, params: problem.params });
  }
  throw new AppError(ImportError.IMPORT_SETTINGS_INVALID, { message: first.message, params: first.params, fields });
}

/** The parsed import windows, for mapping planned times of imported orders. */
export async function loadImportWindowRules(em: EntityManager): Promise<ImportWindowRule[]> {
  const rules: ImportWindowRule[] = [];
  for (const setting of await em.find(ImportSetting, {}, { orderBy: { id: 'asc' } })) {
    const range = parsePlannedRange(setting.timeBetween);
    const window = parseVisitWindow(setting.timeTo);
    if (range && window) rules.push({ range, window });
  }
  return rules;
}

export class ImportSettingService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<ImportSetting[]> {
    return sortSettings(await this.ctx.em.find(ImportSetting, {}));
  }

  /** Changes one rule; the set it then forms must still cover the day without gaps or overlaps. */
  async update(id: number, draft: ImportSettingDraft): Promise<ImportSetting> {
    return this.ctx.em.transactional(async (em) => {
      const settings = sortSettings(await em.find(ImportSetting, {}, { lockMode: LockMode.PESSIMISTIC_WRITE }));
      const index = settings.findIndex((setting) => setting.id === id);
      if (index < 0) throw new AppError(CommonError.NOT_FOUND);
      const drafts = settings.map((setting, i) => (i === index ? draft : setting));
      const { problems } = checkImportSettings(drafts);
      if (problems.length > 0) refuse(problems, (problem) => (problem.index === index ? problem.field : null));
      settings[index].timeBetween = draft.timeBetween.trim();
      settings[index].timeTo = draft.timeTo.trim();
      return settings[index];
    });
  }

  /** Replaces the whole set in one transaction: rules with an id change, without one are added, the rest go. */
  async save(drafts: (ImportSettingDraft & { id?: number | null })[]): Promise<ImportSetting[]> {
    return this.ctx.em.transactional(async (em) => {
      const existing = await em.find(ImportSetting, {}, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const byId = new Map(existing.map((setting) => [setting.id, setting]));
      const seen = new Set<number>();
      for (const draft of drafts) {
        if (draft.id === undefined || draft.id === null) continue;
        if (!byId.has(draft.id) || seen.has(draft.id)) throw new AppError(CommonError.NOT_FOUND);
        seen.add(draft.id);
      }
      const { problems } = checkImportSettings(drafts);
      if (problems.length > 0) refuse(problems, (problem) => `settings.${problem.index}.${problem.field}`);
      for (const setting of existing) if (!seen.has(setting.id)) em.remove(setting);
      const saved = drafts.map((draft) => {
        const values = { timeBetween: draft.timeBetween.trim(), timeTo: draft.timeTo.trim() };
        const setting = draft.id ? byId.get(draft.id)! : em.create(ImportSetting, values);
        return Object.assign(setting, values);
      });
      await em.flush();
      return sortSettings(saved);
    });
  }
}
