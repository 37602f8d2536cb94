import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { cx } from './cx';
import * as s from './Dialog.css';
import { useReturnFocus } from './useReturnFocus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  /** May return a promise: the confirm button spins until it settles; the dialog closes on success. */
  onConfirm(): unknown;
}

/**
 * Asks before an action (alertdialog: focus starts on Cancel, so Enter never confirms by accident).
 * If onConfirm throws, the dialog stays open and shows the error.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returnFocus = useReturnFocus(open);

  const change = (next: boolean) => {
    if (busy) return; // do not close half-way through the action
    setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={s.overlay} />
        <AlertDialog.Content className={cx(s.content, s.width.sm)} onCloseAutoFocus={returnFocus}>
          <div className={s.header}>
            <div className={s.headings}>
              <AlertDialog.Title className={s.title}>{title}</AlertDialog.Title>
            </div>
          </div>
          <div className={s.body}>
            <AlertDialog.Description asChild>
              <div>{message}</div>
            </AlertDialog.Description>
            {error && (
              <div className={s.error}>
                <Alert tone="danger">{error}</Alert>
              </div>
            )}
          </div>
          <div className={s.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
