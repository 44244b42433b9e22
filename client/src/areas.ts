import type { ComponentType } from 'react';
import { AREA_PARTS, SHELL_PARTS, type Area } from './i18n/parts';
import type { Texts } from './i18n/texts';

// Each area is its own chunk: consumers never download the technician or admin code.
const AREA_CODE: Record<Area, () => Promise<{ default: ComponentType }>> = {
  consumer: () => import('./consumer/ConsumerArea'),
  technician: () => import('./technician/TechnicianArea'),
  admin: () => import('./admin/AdminArea'),
};
/** Each area's component, once loadArea has loaded its code (a module-level value: its identity never changes). */
export const areaComponents: Partial<Record<Area, ComponentType>> = {};
const areaLoads = new Map<Area, Promise<void>>();

/** The area a path belongs to, as the routes in router.tsx choose it; none for /404. */
function areaOf(pathname: string): Area | undefined {
  if (pathname.startsWith('/technician/')) return 'technician';
  if (pathname.startsWith('/admin/')) return 'admin';
  return pathname === '/404' ? undefined : 'consumer';
}

/** Loads an area's code and its texts side by side (each once); the same promise each time, as `use` needs. */
export function loadArea(area: Area, texts: Texts): Promise<void> {
  let loading = areaLoads.get(area);
  if (!loading) {
    loading = Promise.all([AREA_CODE[area](), texts.load(AREA_PARTS[area])]).then(([module]) => {
      areaComponents[area] = module.default;
    });
    areaLoads.set(area, loading);
  }
  return loading;
}

/** Whether an area's code and texts are in (loadArea). */
export function areaLoaded(area: Area, texts: Texts): boolean {
  return areaComponents[area] !== undefined && texts.has(AREA_PARTS[area]);
}

/** Loads what the page at `pathname` renders with: its area's code and texts, or the shell's texts for /404. */
export function loadPage(pathname: string, texts: Texts): Promise<void> {
  const area = areaOf(pathname);
  return area ? loadArea(area, texts) : texts.load(SHELL_PARTS);
}
