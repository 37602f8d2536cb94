import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseButton } from './Button';
import { cx } from './cx';
import * as s from './Dialog.css';
import { useReturnFocus } from './useReturnFocus';

export interface DialogProps {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  /** Action buttons, right-aligned (end-aligned in right-to-left) under the body. */
  footer?: ReactNode;
  /** Optional element that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
}

/** A modal dialog: focus is trapped inside, Escape and the close button dismiss it, focus returns after. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  trigger,
  size = 'md',
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(trigger ? false : open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={s.overlay} />
        <RadixDialog.Content
          className={cx(s.content, s.width[size])}
          onCloseAutoFocus={trigger ? undefined : returnFocus}
          // Without a description radix expects an explicit opt-out, otherwise it warns.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={s.header}>
            <div className={s.headings}>
              <RadixDialog.Title className={s.title}>{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className={s.description}>{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <CloseButton className={s.close} />
            </RadixDialog.Close>
          </div>
          {children && <div className={s.body}>{children}</div>}
          {footer && <div className={s.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
