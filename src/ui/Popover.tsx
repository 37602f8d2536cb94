// Loaded on demand only (radix Popover pulls in floating-ui): not exported from the ui index. Import it from a
// component that is itself lazy, e.g. a top bar item.
import { Popover as RadixPopover } from 'radix-ui';
import { type ReactElement, type ReactNode, useId } from 'react';
import { CloseButton } from './Button';
import * as s from './Popover.css';

export interface PopoverProps {
  /** The button that opens it (radix adds aria-expanded and aria-controls to it). */
  trigger: ReactElement;
  /** The panel's heading, also its accessible name. */
  title: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  align?: 'start' | 'center' | 'end';
  /** Where focus goes when it opens (e.g. the search box); by default the panel itself. */
  onOpenAutoFocus?(e: Event): void;
  children: ReactNode;
}

/**
 * A non-modal panel anchored to its trigger: Escape, a click outside or the close button dismiss it and focus returns
 * to the trigger. Its content is mounted only while open, so what it fetches is fetched only then.
 */
export function Popover({
  trigger,
  title,
  open,
  onOpenChange,
  align = 'end',
  onOpenAutoFocus,
  children,
}: PopoverProps) {
  const titleId = useId();
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={s.content}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={titleId}
          onOpenAutoFocus={onOpenAutoFocus}
        >
          <div className={s.header}>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            <RadixPopover.Close asChild>
              <CloseButton />
            </RadixPopover.Close>
          </div>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
