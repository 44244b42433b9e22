import { useEffect } from 'react';

/** Sets the document title, so tabs and screen readers name the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Tijdvak` : 'Tijdvak';
  }, [title]);
}
