import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

export interface DialogProps {
  /** Whether the dialog is shown; the caller owns the state. */
  open: boolean;
  title: ReactNode;
  /** Escape, the backdrop's close request, or a Cancel button: the caller closes the dialog. */
  onCancel: () => void;
  /** The element to focus when the dialog opens; by default the first focusable element inside it. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where the keyboard goes when the dialog closes. By default the element that had the focus when it opened
   * (the button that opened it); give one when that element may be gone by then (a deleted row's button).
   */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Extra explanation announced with the title (the dialog's accessible description). */
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, shown in a row at the end. */
  actions: ReactNode;
}

/**
 * An in-page modal dialog on the browser's own `<dialog>`: `showModal()` makes the rest of the page inert (the
 * keyboard and screen readers stay inside) and turns Escape into a cancel request. Unlike `window.confirm` it
 * speaks the page's language, can say exactly what will change, and is styled and tested like the rest.
 * The focus moves in when it opens and returns to where it was when it closes, so the user never loses their place.
 */
export function Dialog({
  open,
  title,
  onCancel,
  initialFocus,
  returnFocus,
  description,
  children,
  actions,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Read at closing time on purpose: the element to return to may only exist by then.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const target = returnFocus?.current ?? opener;
      // The opener may have been removed while the dialog was open (the row it acted on is gone): then the
      // caller's `returnFocus` decides; without one the browser's default (the document) is all that is left.
      if (target?.isConnected) target.focus();
    };
  }, [open, initialFocus, returnFocus]);

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the caller decides (it may be busy), the dialog closes only through `open`.
        event.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="dialog-description">
              {description}
            </div>
          ) : null}
          {children}
          <div className="dialog-actions">{actions}</div>
        </>
      ) : null}
    </dialog>
  );
}
