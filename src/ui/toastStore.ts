/** Toasts close by themselves after 2000 ms (paused while hovered or focused). */
export const TOAST_DURATION_MS = 2000;

export type ToastTone = 'success' | 'error' | 'warning' | 'info';
export type ToastPosition = 'bottom-right' | 'bottom-left';

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** bottom-left is the cart's corner; both are logical, so they swap sides in right-to-left. */
  position?: ToastPosition;
}

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  position: ToastPosition;
  open: boolean;
}

// A tiny module-level store, so toasts can be raised from anywhere (mutations, plain functions...).
// Toasts raised before <Toaster /> mounts wait here and show once it does.
const MAX_PER_CORNER = 4;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

function show({ message, tone = 'info', position = 'bottom-right' }: ToastOptions): number {
  const id = nextId++;
  const corner = items.filter((t) => t.position === position && t.open);
  // Too many at once: the oldest in that corner makes room.
  const drop = new Set(corner.slice(0, Math.max(0, corner.length - MAX_PER_CORNER + 1)).map((t) => t.id));
  set([...items.filter((t) => !drop.has(t.id)), { id, message, tone, position, open: true }]);
  return id;
}

function dismiss(id: number) {
  if (!items.some((t) => t.id === id && t.open)) return;
  set(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  // Keep it mounted for the closing animation, then drop it.
  setTimeout(() => set(items.filter((t) => t.id !== id)), 250);
}

export const toast = {
  show,
  dismiss,
  success: (message: string, position?: ToastPosition) => show({ message, tone: 'success', position }),
  error: (message: string, position?: ToastPosition) => show({ message, tone: 'error', position }),
  warning: (message: string, position?: ToastPosition) => show({ message, tone: 'warning', position }),
  info: (message: string, position?: ToastPosition) => show({ message, tone: 'info', position }),
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}
