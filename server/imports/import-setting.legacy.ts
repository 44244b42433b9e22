/** An import window as the legacy REST calls return it: id, time_between, time_to. */
export interface LegacyImportSettingSource {
  id: number;
  timeBetween: string;
  timeTo: string;
}

export const IMPORT_SETTING_LEGACY_FIELDS = 'id timeBetween timeTo';

export function toLegacyImportSetting(setting: LegacyImportSettingSource) {
  return { id: setting.id, time_between: setting.timeBetween, time_to: setting.timeTo };
}

/** The legacy answer of a CSV import: the counts, or the row report under the legacy error code. */
export type LegacyImportOutcome =
  | { __typename: 'ImportOrdersSuccess'; rows: number; created: number; updated: number; unchanged: number }
  | {
      __typename: 'ImportRowErrors';
      rowsChecked: number;
      errorCount: number;
      errors: { line: number; column: string | null; value: string | null; message: string }[];
    };

export const IMPORT_OUTCOME_LEGACY_FIELDS = `
  __typename
  ... on ImportOrdersSuccess { rows created updated unchanged }
  ... on ImportRowErrors { rowsChecked errorCount errors { line column value message } }
`;

export function toLegacyImportOutcome(outcome: LegacyImportOutcome) {
  if (outcome.__typename === 'ImportOrdersSuccess') {
    const { rows, created, updated, unchanged } = outcome;
    return { rows, created, updated, unchanged };
  }
  return { message: 'IMPORT_ROWS_INVALID', errorCount: outcome.errorCount, errors: outcome.errors };
}
