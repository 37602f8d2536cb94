import type { ReactNode } from 'react';
import type { ToggleKind } from '../../../api/catalogue';
import type { WriteId } from '../../../api/invalidate';
import { buttonClassName } from '../../../ui';
import type { Column } from '../../../ui/DataTable';
import * as s from './admin.css';
import { DeleteAction } from './DeleteAction';
import { StatusToggle } from './StatusToggle';

/** The on/off switch column of an admin list (DeReActivateAll for `kind`). */
export function activeColumn<T extends { id: number; active: boolean }>(
  kind: ToggleKind,
  nameOf: (row: T) => string,
): Column<T> {
  return {
    key: 'active',
    header: 'Active',
    sortable: true,
    render: (row) => <StatusToggle kind={kind} id={row.id} active={row.active} label={`Active: ${nameOf(row)}`} />,
  };
}

export interface ActionsColumnOptions<T> {
  nameOf(row: T): string;
  /** The row's edit link; spread `props` onto a router Link (its `to` stays type-checked at the call site). */
  editLink(row: T, props: { className: string; 'aria-label': string; children: ReactNode }): ReactNode;
  /** What deleting removes and when the server refuses it. */
  deleteMessage: string;
  onDelete(row: T): Promise<{ message: string }>;
  /** The delete operation (its x-invalidates say what to refetch). */
  operation: WriteId;
}

/** Edit and Delete for one row of an admin list. */
export function actionsColumn<T>({
  nameOf,
  editLink,
  deleteMessage,
  onDelete,
  operation,
}: ActionsColumnOptions<T>): Column<T> {
  return {
    key: 'actions',
    header: 'Actions',
    render: (row) => (
      <div className={s.rowActions}>
        {editLink(row, {
          className: buttonClassName({ variant: 'ghost', size: 'sm' }),
          'aria-label': `Edit ${nameOf(row)}`,
          children: 'Edit',
        })}
        <DeleteAction
          label={`Delete ${nameOf(row)}`}
          title={`Delete ${nameOf(row)}?`}
          message={deleteMessage}
          onDelete={() => onDelete(row)}
          operation={operation}
        />
      </div>
    ),
  };
}
