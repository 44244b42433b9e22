import type * as SizeSensor from 'size-sensor';

/**
 * Stands in for `size-sensor`, the resize watcher echarts-for-react imports (client/vite.config.ts points the
 * import here). Every browser we support has ResizeObserver, so the package's fallback (an `<object>` element per
 * chart that listens to its own resize) is dead weight; this is the same observer without it, about 1 KB gzipped
 * less in the statistics chunk. Typed against the package's own declarations, so an upgrade that changes them
 * fails the type check.
 */
interface Watch {
  observer: ResizeObserver;
  listeners: Set<() => void>;
}

const watches = new WeakMap<Element, Watch>();

export const bind: typeof SizeSensor.bind = (element, callback) => {
  if (!element) return () => undefined;
  let watch = watches.get(element);
  if (!watch) {
    const listeners = new Set<() => void>();
    const observer = new ResizeObserver(() => listeners.forEach((listener) => listener()));
    observer.observe(element);
    watch = { observer, listeners };
    watches.set(element, watch);
  }
  const listener = () => callback(element);
  watch.listeners.add(listener);
  const { listeners } = watch;
  return () => listeners.delete(listener);
};

export const clear: typeof SizeSensor.clear = (element) => {
  if (!element) return;
  watches.get(element)?.observer.disconnect();
  watches.delete(element);
};
