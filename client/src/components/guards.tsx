import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { readToken, type TokenKind } from '../lib/storage';

/** Renders the route only when the token is stored; otherwise redirects (docs/rules.md, Screens and routes). */
export function RequireToken({
  kind,
  redirectTo,
  children,
}: {
  kind: TokenKind;
  redirectTo: string;
  children?: ReactNode;
}) {
  if (!readToken(kind)) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}

/** Renders the route only when no token is stored (login, forgot, new password). */
export function GuestOnly({
  kind,
  redirectTo,
  children,
}: {
  kind: TokenKind;
  redirectTo: string;
  children?: ReactNode;
}) {
  if (readToken(kind)) return <Navigate to={redirectTo} replace />;
  return children ?? <Outlet />;
}
