import { storeToken } from '../../lib/storage';

export const TECHNICIAN_AREA_PATH = '/technician/manage';

/**
 * Opens the technician area in a new window as a technician (docs/rules.md, Staff accounts). The window is opened
 * inside the click, before the token request, because browsers block windows opened later; the
 * token goes to local storage as accessToken, which the new window of this origin reads.
 */
export async function openTechnicianArea(fetchToken: () => Promise<string>): Promise<'opened' | 'blocked'> {
  const popup = window.open('', '_blank');
  if (popup) popup.opener = null;
  try {
    storeToken('technician', await fetchToken());
  } catch (error) {
    popup?.close();
    throw error;
  }
  if (!popup) return 'blocked';
  popup.location.href = TECHNICIAN_AREA_PATH;
  return 'opened';
}
