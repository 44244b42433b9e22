import { useEffect, useRef, useState } from 'react';

export type Question = 'arrival' | 'outcome';

/**
 * Which question a visit card asks (Onderweg: the expected arrival; Afgerond: the outcome), what it still needs,
 * and where the keyboard goes: a pressed control that goes away hands it on, to the question it opened or back to
 * the buttons.
 */
export function useVisitQuestion() {
  const [asking, setAsking] = useState<Question | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const questionRef = useRef<HTMLFieldSetElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'question' | 'actions' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'question') questionRef.current?.focus();
    if (target === 'actions') actionsRef.current?.querySelector('button')?.focus();
  }, [asking]);

  const ask = (next: Question | null) => {
    focusNext.current = next === null ? 'actions' : 'question';
    setProblem(null);
    setAsking(next);
  };

  /** After a tap: the page moves the focus to the new status, so this card does not. */
  const close = () => {
    setAsking(null);
    setProblem(null);
  };

  return { asking, ask, close, problem, setProblem, questionRef, actionsRef };
}
