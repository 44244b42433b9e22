import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { UNDO_SECONDS } from '../../../../../shared/orders.js';
import type { MutationOutcome } from '../order-mutations';

export type Undo = { text: string; run: () => Promise<MutationOutcome> };

/**
 * The offer to undo the last change, for a few seconds: `run` calls the inverse mutation, and what it did is shown
 * through `show` with the focus on it (the undo button goes away).
 */
export function useUndo(show: (outcome: MutationOutcome, focus: boolean) => void) {
  const { t } = useI18n();
  const [undo, setUndo] = useState<Undo | null>(null);
  const [undoing, setUndoing] = useState(false);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undo]);

  const runUndo = async () => {
    if (!undo) return;
    setUndoing(true);
    const outcome = await undo.run();
    setUndoing(false);
    setUndo(null);
    show(outcome.ok ? { ok: true, message: t('admin.orders.undone') } : outcome, true);
  };

  return { undo, offerUndo: setUndo, undoing, runUndo };
}
