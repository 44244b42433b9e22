import type { LegacyImportOutcomeFragment, LegacyImportSettingFragment } from '../legacy-operations.generated.js';
import { field, legacyInt, type LegacyRequest } from '../legacy-values.js';

/** An import window as the legacy REST calls read it. */
export const LEGACY_IMPORT_SETTING = /* GraphQL */ `
  fragment LegacyImportSetting on ImportSetting {
    id
    timeBetween
    timeTo
  }
`;

/** id, time_between, time_to. */
export function toLegacyImportSetting(setting: LegacyImportSettingFragment) {
  return { id: setting.id, time_between: setting.timeBetween, time_to: setting.timeTo };
}

/** The edit form of one import window. */
export const updateImportSettingVariables = (request: LegacyRequest) => ({
  id: legacyInt(request.params.id),
  input: { timeBetween: field(request, 'time_between'), timeTo: field(request, 'time_to') },
});

/** The outcome of a CSV import as the legacy call reads it: the counts, or the row report. */
export const LEGACY_IMPORT_OUTCOME = /* GraphQL */ `
  fragment LegacyImportOutcome on ImportOrdersResult {
    __typename
    ... on ImportOrdersSuccess {
      rows
      created
      updated
      unchanged
    }
    ... on ImportRowErrors {
      rowsChecked
      errorCount
      errors {
        line
        column
        value
        message
      }
    }
  }
`;

/** A refused file answers 400 with its row report. */
export const legacyImportStatus = (outcome: LegacyImportOutcomeFragment): number =>
  outcome.__typename === 'ImportRowErrors' ? 400 : 200;

/** The counts, or the row report under the legacy error code. */
export function toLegacyImportOutcome(outcome: LegacyImportOutcomeFragment) {
  if (outcome.__typename === 'ImportOrdersSuccess') {
    const { rows, created, updated, unchanged } = outcome;
    return { rows, created, updated, unchanged };
  }
  return { message: 'IMPORT_ROWS_INVALID', errorCount: outcome.errorCount, errors: outcome.errors };
}
