// Loaded on demand by <Toaster /> (radix Toast), so the entry bundle does not carry it.
import { Toast } from 'radix-ui';
import { srOnly } from './global.css';
import { AlertIcon, CheckIcon, CloseIcon, ErrorIcon, InfoIcon } from './icons';
import * as s from './Toasts.css';
import { TOAST_DURATION_MS, type ToastItem, type ToastPosition, toast } from './toastStore';

const TONE_CLASS = { success: 'success', error: 'danger', warning: 'warning', info: 'info' } as const;
const ICONS = { success: CheckIcon, error: ErrorIcon, warning: AlertIcon, info: InfoIcon };
const SPOKEN_PREFIX = { success: '', error: 'Error: ', warning: 'Warning: ', info: '' };

function Corner({ position, list, swipe }: { position: ToastPosition; list: ToastItem[]; swipe: 'left' | 'right' }) {
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={swipe}
      label={position === 'bottom-right' ? 'Notification' : 'Cart notification'}
    >
      {list.map((t) => {
        const Icon = ICONS[t.tone];
        const tone = TONE_CLASS[t.tone];
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => !open && toast.dismiss(t.id)}
            // radix announces each toast through its own role=status live region: assertive for foreground
            // (errors), polite for background (the rest).
            type={t.tone === 'error' ? 'foreground' : 'background'}
            className={s.toast[tone]}
            data-tone={t.tone}
          >
            <Icon className={s.icon[tone]} />
            <Toast.Description className={s.message}>
              {/* The colour and icon say "error"/"warning" on screen; this says it to screen readers. */}
              {SPOKEN_PREFIX[t.tone] && <span className={srOnly}>{SPOKEN_PREFIX[t.tone]}</span>}
              {t.message}
            </Toast.Description>
            <Toast.Close className={s.close} aria-label="Close">
              <CloseIcon size={16} />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        className={s.viewport[position]}
        // Only the main corner takes the F8 shortcut; two viewports on one key would fight over focus.
        hotkey={position === 'bottom-right' ? undefined : []}
        label={position === 'bottom-right' ? 'Notifications ({hotkey})' : 'Cart notifications'}
      />
    </Toast.Provider>
  );
}

export function ToastViewports({ list, direction }: { list: ToastItem[]; direction: 'ltr' | 'rtl' }) {
  // Swiping away goes towards the nearest screen edge, which flips with the direction.
  const endward = direction === 'rtl' ? 'left' : 'right';
  const startward = direction === 'rtl' ? 'right' : 'left';
  const left = list.filter((t) => t.position === 'bottom-left');
  return (
    <>
      <Corner position="bottom-right" list={list.filter((t) => t.position === 'bottom-right')} swipe={endward} />
      {left.length > 0 && <Corner position="bottom-left" list={left} swipe={startward} />}
    </>
  );
}
