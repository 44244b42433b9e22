/**
 * Hands a Blob to the browser as a download under a name. Works on phones too: Android browsers
 * save it (and offer to open it, e.g. an .ics in the calendar app), iOS Safari 13+ shows its
 * download sheet. The object URL lives a minute, long enough for slow devices to start reading it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
