import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { addHoliday, deleteHoliday, type Holiday, holidaysQuery } from '../../../api/attendance';
import { invalidateAfter } from '../../../api/invalidate';
import { Button, ConfirmDialog, formatDate, PageHeader, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { SelectField, TextField } from '../../../ui/form';
import { OperationForm, useOperationForm } from '../form';
import { LoadFailure } from '../Loaded';
import * as s from './attendance.css';
import { indiaToday } from './format';

/**
 * /Attendance/Holidays (decision 033): the paid holidays HR keeps, by year. A holiday counts as paid for every
 * professional; a day of a locked month cannot be added or removed.
 */
export function Holidays() {
  const search = useSearch({ strict: false }) as { year?: number };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = indiaToday();
  const year = search.year ?? now.year;
  const list = useQuery(holidaysQuery(year));
  const [removing, setRemoving] = useState<Holiday | null>(null);

  const form = useOperationForm({
    operation: 'addHoliday',
    initial: { date: '', name: '' },
    labels: { date: 'Date', name: 'Name' },
    toBody: (v) => ({ date: v.date, name: v.name.trim() }),
    send: addHoliday,
    onSaved: () => form.reset?.({ date: '', name: '' }),
  });

  const columns: Column<Holiday>[] = [
    { key: 'date', header: 'Date', render: (h) => formatDate(h.date) },
    {
      key: 'weekday',
      header: 'Day',
      render: (h) => new Date(`${h.date}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', timeZone: 'UTC' }),
    },
    { key: 'name', header: 'Holiday' },
    {
      key: 'actions',
      header: 'Actions',
      render: (h) => (
        <Button size="sm" variant="secondary" onClick={() => setRemoving(h)} aria-label={`Delete ${h.name}`}>
          Delete
        </Button>
      ),
    },
  ];
  const years = Array.from({ length: 5 }, (_, i) => String(now.year + 1 - i));

  return (
    <div className={s.page}>
      <PageHeader title="Holidays" description="Paid holidays for every professional." />
      <section className={s.card} aria-labelledby="add-holiday">
        <h2 id="add-holiday" className={s.cardTitle}>
          Add a holiday
        </h2>
        <OperationForm form={form} label="Add a holiday" submitLabel="Add holiday">
          <TextField {...form.text('date')} type="date" />
          <TextField {...form.text('name')} placeholder="Diwali" autoComplete="off" />
        </OperationForm>
      </section>
      <LoadFailure query={list} />
      <DataTable
        {...staticTableProps(list.data ?? [])}
        caption={`Holidays of ${year}`}
        columns={columns}
        rowKey={(h) => h.id}
        loading={list.isFetching}
        emptyMessage={`No holidays in ${year} yet.`}
        toolbar={
          <SelectField
            name="year"
            label="Year"
            value={String(year)}
            options={years.map((y) => ({ value: y, label: y }))}
            onChange={(e) => void navigate({ to: '.', search: { year: Number(e.target.value) } as never })}
          />
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Delete ${removing?.name ?? ''}?`}
        message="The day counts as a working day again for every professional."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={async () => {
          if (!removing) return;
          const reply = await deleteHoliday(removing.id);
          toast.success(reply.message);
          await invalidateAfter(queryClient, 'deleteHoliday');
        }}
      />
    </div>
  );
}
