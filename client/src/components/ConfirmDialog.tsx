import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { Dialog } from './Dialog';

export interface ConfirmRequest {
  title: ReactNode;
  /** What will change, in the user's words: the reason to ask at all. */
  body?: ReactNode;
  /** The action's own name ("Verwijderen", "Opdrachten bevestigen"), never a bare "OK". */
  confirmLabel: string;
  /** A destructive action is shown in the danger colour and the focus starts on Cancel. */
  tone?: 'danger' | 'primary';
}

/**
 * Asks for a confirmation in an in-page dialog and resolves with the answer, so a `window.confirm` becomes
 * `if (!(await confirm({...}))) return;`. Render the returned element once in the component.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const { t } = useI18n();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const settle = useRef<((answer: boolean) => void) | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setRequest(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    settle.current?.(value);
    settle.current = null;
    setRequest(null);
  };

  const danger = request?.tone === 'danger';
  const element = (
    <Dialog
      open={request !== null}
      title={request?.title}
      description={request?.body}
      onCancel={() => answer(false)}
      initialFocus={danger ? cancelButton : confirmButton}
      actions={
        <>
          <button
            ref={confirmButton}
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            onClick={() => answer(true)}
          >
            {request?.confirmLabel}
          </button>
          <button ref={cancelButton} type="button" className="button button-secondary" onClick={() => answer(false)}>
            {t('common.cancel')}
          </button>
        </>
      }
    />
  );
  return [confirm, element];
}
