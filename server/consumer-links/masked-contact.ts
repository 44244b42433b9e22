/**
 * Contact data as the consumer's page may show it: enough to recognise one's own address, never
 * enough to learn someone else's. Masked on the server, so the page never receives the full address.
 */

const MASK = '•••';

/** `jan.jansen@example.nl` → `j•••@example.nl`: the first character and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK;
  return `${[...email.slice(0, at)][0]}${MASK}${email.slice(at)}`;
}

/**
 * A mobile number in E.164 as the consumer writes it nationally, with all but the first two and the last
 * four digits hidden: `+31612345678` → `06 •••• 5678`, `+32470123456` → `04 •••• 3456`.
 */
export function maskMobileNumber(e164: string): string {
  const national = e164.replace(/^\+3[12]/, '');
  return `0${national.slice(0, 1)} •••• ${national.slice(-4)}`;
}
