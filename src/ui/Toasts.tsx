import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSettings } from './settings';
import type { ToastViewports as ViewportsComponent } from './ToastViewports';
import { getToasts, subscribeToasts } from './toastStore';

export {
  TOAST_DURATION_MS,
  type ToastOptions,
  type ToastPosition,
  type ToastTone,
  toast,
} from './toastStore';

// radix Toast is loaded on demand, so pages that never toast (and the public home's JS budget) do not pay for
// it up front. The first pointer or key press fetches it (a toast nearly always follows a user action), and so
// does the first toast. A failed fetch (offline) is retried on the next toast instead of breaking the page.
let loaded: typeof ViewportsComponent | null = null;
let loading: Promise<void> | null = null;

function loadViewports(): Promise<void> {
  loading ??= import('./ToastViewports').then(
    (m) => {
      loaded = m.ToastViewports;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/** Mount once, near the root. Shows the bottom-right (and, when used, bottom-left) toast corners. */
export function Toaster() {
  const list = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const { direction } = useSettings();
  const [Viewports, setViewports] = useState<typeof ViewportsComponent | null>(() => loaded);
  const hasToasts = list.length > 0;

  useEffect(() => {
    if (Viewports) return;
    let live = true;
    const fetchIt = () => {
      loadViewports().then(() => {
        if (live && loaded) setViewports(() => loaded);
      });
    };
    if (hasToasts) {
      fetchIt();
      return () => {
        live = false;
      };
    }
    const opts = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', fetchIt, opts);
    window.addEventListener('keydown', fetchIt, opts);
    return () => {
      live = false;
      window.removeEventListener('pointerdown', fetchIt, opts);
      window.removeEventListener('keydown', fetchIt, opts);
    };
  }, [Viewports, hasToasts]);

  if (!Viewports || !hasToasts) return null;
  return <Viewports list={list} direction={direction} />;
}
