import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

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
 * How a page inside the app starts, as a page loaded from the server would.
 *
 * A page reached by a link or a redirect opens at its top, not at the height the previous page was scrolled to.
 * Back and forward keep the position the browser restores. It runs as a layout effect, before any page's own
 * effects, so a page that restores its own position (the order list, back from an order) has the last word.
 *
 * The keyboard focus goes to the page's main content when it was lost: the pressed link or button belonged to the
 * page that is gone, so the focus fell back to the document and the next Tab would start again at the top. A page
 * that placed the focus itself keeps it, and a page opened from the address bar starts as browsers start it. The
 * focus never scrolls: where the page is shown was settled above.
 */
export function useFocusAfterNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(watchFocus, []);
  useLayoutEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    // Only a change of page: a new filter in the same page's address keeps the reader where they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  useEffect(() => {
    const focused = document.activeElement;
    const lost = (!focused || focused === document.body) && lastFocused !== null && !lastFocused.isConnected;
    if (lost) main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
