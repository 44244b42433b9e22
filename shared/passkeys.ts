/** The longest name of a passkey: a device's name, not a text. */
export const PASSKEY_NAME_MAX = 60;

/** Passkeys of one staff account at most: one per device and a spare or two; the list stays short. */
export const PASSKEYS_PER_ACCOUNT = 10;
