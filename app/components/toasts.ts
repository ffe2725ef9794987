import type { Toast } from "../domain/toast";

// The toasts the page's code shows (showToast), apart from the Toaster that draws them (a store
// any module may call into, and the component in the root that subscribes to it).
export type Shown = Toast & { id: number };
let shown: Shown[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(toast: Toast) {
  shown = [...shown, { ...toast, id: nextId++ }];
  emit();
}

export function dismissToast(id: number) {
  shown = shown.filter((t) => t.id !== id);
  emit();
}

/** Every toast shown but not yet dismissed (for useSyncExternalStore). */
export const shownToasts = () => shown;

/** Forgets every client toast: a new outcome from the server replaces what the page said before. */
export function clearToasts() {
  if (shown.length === 0) return;
  shown = [];
  emit();
}

export const subscribeToToasts = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
