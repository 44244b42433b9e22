/** How long after its visit an order keeps the person's data, in months (docs/rules.md, Personal data). */
export const RETENTION_MONTHS = { min: 1, max: 120, default: 24 } as const;

/** The orders one request finds at most: a person has a handful; more means the search was not about one person. */
export const DATA_REQUEST_MAX_ORDERS = 200;
