import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** The element that last had the keyboard focus, watched from the first shell on. */
let lastFocused: Element | null = null;
let watching = false;

function watchFocus(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  });
}

/**
 * After moving to another page inside the app, puts the keyboard focus on the page's main content when it
 * was lost: the pressed link or button belonged to the page that is gone, so the focus fell back to the
 * document and the next Tab would start again at the top. A page that placed the focus itself keeps it, and
 * a page opened from the address bar starts as browsers start it.
 */
export function useFocusAfterNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  useEffect(watchFocus, []);
  useEffect(() => {
    const focused = document.activeElement;
    const lost = (!focused || focused === document.body) && lastFocused !== null && !lastFocused.isConnected;
    if (lost) main.current?.focus();
  }, [pathname, main]);
}
