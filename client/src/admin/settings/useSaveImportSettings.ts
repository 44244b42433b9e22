import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { SaveImportSettingsInput } from '../../gql/graphql';

export const ImportSettingsQuery = graphql(`
  query ImportSettings {
    importSettings {
      id
      timeBetween
      timeTo
    }
  }
`);

const SaveImportSettingsMutation = graphql(`
  mutation SaveImportSettings($input: SaveImportSettingsInput!) {
    saveImportSettings(input: $input) {
      id
      timeBetween
      timeTo
    }
  }
`);

/** Saves the whole set of import windows; the cached list becomes the saved one (rules may come and go). */
export function useSaveImportSettings() {
  const [mutate, state] = useMutation(SaveImportSettingsMutation, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: ImportSettingsQuery, data: { importSettings: data.saveImportSettings } });
    },
  });
  const save = (input: SaveImportSettingsInput) => mutate({ variables: { input } });
  return [save, state] as const;
}
