// Shared by every admin list: the Delete button of a row, with its confirmation.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { Button, ConfirmDialog, toast } from '../../../ui';
import { dangerGhost } from './DeleteAction.css';

export interface DeleteActionProps {
  /** The button's accessible name, e.g. "Delete Plumbing". */
  label: string;
  title: string;
  message: string;
  onDelete: () => Promise<{ message: string }>;
  /** The delete operation: after success, the reads it changes (x-invalidates) are refetched. */
  operation: WriteId;
}

/**
 * A danger ghost button that asks first. A refusal (e.g. 409 "has 3 sub-categories; delete them first")
 * is toasted and also shown in the dialog, which stays open so the admin can cancel or retry.
 */
export function DeleteAction({ label, title, message, onDelete, operation }: DeleteActionProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  async function confirm() {
    let reply: { message: string };
    try {
      reply = await onDelete();
    } catch (e) {
      toast.error((e as Error).message);
      throw e;
    }
    toast.success(reply.message || 'Deleted.');
    await invalidateAfter(queryClient, operation);
  }

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={dangerGhost}
        data-tone="danger"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        message={message}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={confirm}
      />
    </>
  );
}
