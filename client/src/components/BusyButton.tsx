import type { ButtonHTMLAttributes, MouseEvent } from 'react';

/**
 * A button that is busy while the work it started runs. It stays focusable (a `disabled` button drops
 * the keyboard focus to the page body, and the user must find their place again): `aria-busy` and
 * `aria-disabled` tell assistive technology, and presses, clicks and Enter in the form's fields do
 * nothing until it is done. Use `disabled` only for a button that cannot be used at all.
 */
export function BusyButton({
  busy,
  onClick,
  type = 'button',
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    // Cancelling the click also cancels the form submission it would start (Enter in a field clicks the submit button).
    if (busy) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <button
      {...button}
      type={type}
      aria-busy={busy || undefined}
      aria-disabled={busy || button['aria-disabled'] || undefined}
      onClick={press}
    />
  );
}
