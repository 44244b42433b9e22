/** The order's own page: every reference number in the admin area links here. */
export const orderPagePath = (referenceNumber: string) =>
  `/admin/appointment/manage?reference=${encodeURIComponent(referenceNumber)}`;
