import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/usePageTitle';

/** The narrow card that holds a sign-in, forgot or new-password form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="card auth-card">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
