import type { AccessMeta } from './guard';

/** The `handle` every route of this app carries: what the guard, breadcrumb and tab bar read. */
export interface RouteHandle {
  meta: AccessMeta & { locale?: string; hideInMenu?: boolean };
}

export function handleOf(value: unknown): RouteHandle | null {
  const handle = value as RouteHandle | undefined;
  return handle?.meta?.name ? handle : null;
}

export const publicHandle = (name: string): RouteHandle => ({ meta: { name, requiresAuth: false } });
