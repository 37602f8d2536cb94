import { createFileRoute, Link } from '@tanstack/react-router';
import { deleteZone, importZones, type Zone, zonesPageQuery } from '../../../api/zones';
import { buttonClassName, PageHeader } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import type { ImportColumn } from '../../../ui/spreadsheet';
import { DeleteAction } from '../-components/DeleteAction';
import { ImportButton } from '../-components/ImportButton';
import { tableStateOf, validateListSearch } from '../-components/listSearch';
import { StatusToggle } from '../-components/StatusToggle';
import { useServerTable } from '../-components/useServerTable';
import * as s from './-components/ZoneList.css';

export const Route = createFileRoute('/_admin/Zone/ZoneList')({
  head: () => ({ meta: [{ title: 'Zones · Doorstep' }] }),
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(zonesPageQuery(tableStateOf(deps))),
  component: ZoneList,
});

/** One row per pincode; rows naming the same zone, city and state make one zone. */
const IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'zoneName', header: 'Zone name', required: true, maxLength: 100, example: 'Koramangala' },
  { key: 'cityName', header: 'City name', required: true, maxLength: 100, example: 'Bengaluru' },
  { key: 'stateName', header: 'State name', required: true, maxLength: 100, example: 'Karnataka' },
  { key: 'pinCode', header: 'Pincode', required: true, maxLength: 6, example: '560034' },
];

function ZoneList() {
  const table = useServerTable<Zone>(
    (state) => zonesPageQuery(state),
    {},
    {
      message: 'No zones yet. Add one, or import a sheet.',
    },
  );

  const columns: Column<Zone>[] = [
    {
      key: 'zoneName',
      header: 'Zone',
      sortable: true,
      render: (z) => (
        <Link to="/Zone/ZoneUpdate" search={{ id: z.id }} className={s.nameLink}>
          {z.zoneName}
        </Link>
      ),
    },
    { key: 'cityName', header: 'City', sortable: true },
    { key: 'stateName', header: 'State', sortable: true },
    {
      key: 'pincodeCount',
      header: 'Pincodes',
      sortable: true,
      align: 'end',
      render: (z) => z.pincodeCount.toLocaleString('en-IN'),
    },
    {
      key: 'active',
      header: 'Status',
      sortable: true,
      render: (z) => <StatusToggle kind="Zone" id={z.id} active={z.active} label={`Active: ${z.zoneName}`} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (z) => (
        <div className={s.actions}>
          <Link
            to="/Zone/ZoneUpdate"
            search={{ id: z.id }}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Edit ${z.zoneName}`}
          >
            Edit
          </Link>
          <DeleteAction
            label={`Delete ${z.zoneName}`}
            title={`Delete zone ${z.zoneName}?`}
            message={`The zone ${z.zoneName} (${z.cityName}) and its ${z.pincodeCount} pincode${z.pincodeCount === 1 ? '' : 's'} will be removed, and categories will no longer be offered there. A zone where customers live cannot be deleted: deactivate it instead.`}
            onDelete={() => deleteZone(z.id)}
            operation="deleteZone"
          />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Zones"
        description="Every zone, active or not. Search by zone, city, state or the start of a pincode."
        actions={
          <Link to="/Zone/ZoneAdd" className={buttonClassName()}>
            Add zone
          </Link>
        }
      />
      <DataTable
        {...table}
        caption="Zones"
        columns={columns}
        rowKey={(z) => z.id}
        searchPlaceholder="Zone, city, state or pincode…"
        toolbar={
          <ImportButton things="zones" columns={IMPORT_COLUMNS} importer={importZones} operation="importZones" />
        }
      />
    </>
  );
}
