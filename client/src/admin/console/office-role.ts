import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { officeMay, type OfficeRight } from '../../../../shared/staff.js';

const CurrentAdminQuery = graphql(`
  query CurrentAdmin {
    currentAdmin {
      id
      firstname
      lastname
      role
    }
  }
`);

/** The signed-in office account (undefined while it loads): the console's header, menu and role checks read it. */
export function useCurrentAdmin() {
  return useQuery(CurrentAdminQuery).data?.currentAdmin;
}

/**
 * Whether the signed-in role may use a screen's action: the one check every console button asks, so a viewer never
 * sees a change it would be refused. Nothing but reading while the account loads.
 */
export function useOfficeMay(right: OfficeRight): boolean {
  return officeMay(useCurrentAdmin()?.role, right);
}
