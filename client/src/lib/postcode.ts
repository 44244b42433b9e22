/** A postcode as people write it: the server keeps Dutch ones without the space ("3511CD" → "3511 CD"). */
export function postcodeAsWritten(zipcode: string): string {
  const dutch = /^(\d{4})\s*([A-Za-z]{2})$/.exec(zipcode.trim());
  return dutch ? `${dutch[1]} ${dutch[2].toUpperCase()}` : zipcode.trim();
}
