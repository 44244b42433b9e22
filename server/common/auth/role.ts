/** Who is calling: decided by the bearer token alone. */
export enum Role {
  CONSUMER = 'CONSUMER',
  TECHNICIAN = 'TECHNICIAN',
  ADMIN = 'ADMIN',
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  [Role.CONSUMER]: 'A customer who looked up a visit; may read only the matched orders.',
  [Role.TECHNICIAN]: 'A signed-in technician; may read and confirm only their own schedule.',
  [Role.ADMIN]: 'An active administrator.',
};
