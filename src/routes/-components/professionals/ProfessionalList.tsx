import { Link, type LinkProps, useSearch } from '@tanstack/react-router';
import {
  deleteProfessional,
  importProfessionals,
  type ProfessionalImportRow,
  type ProfessionalListItem,
  professionalsQuery,
} from '../../../api/professionals';
import { srOnly } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import type { ImportColumn } from '../../../ui/spreadsheet';
import * as s from '../../_admin/-components/admin.css';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { ImportButton } from '../../_admin/-components/ImportButton';
import { actionsColumn, activeColumn } from '../../_admin/-components/rowColumns';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { leadColumns } from './leadColumns';
import { filterOf, type ProfessionalListSearch, validateProfessionalSearch } from './professionalSearch';
import { useProfessionalRights } from './useRole';

const stars = (p: ProfessionalListItem) =>
  p.averageRating === null ? '—' : `${p.averageRating.toFixed(1)} ★ (${p.ratingCount})`;

export const professionalImportColumns: ImportColumn[] = [
  { key: 'fullName', header: 'fullName', required: true, maxLength: 100, example: 'Ravi Kumar' },
  { key: 'roleName', header: 'roleName', required: true, maxLength: 20, example: 'Technician' },
  { key: 'phone', header: 'phone', required: true, maxLength: 15, example: '9876543210' },
  { key: 'altContactNo', header: 'altContactNo', maxLength: 15, example: '' },
  { key: 'email', header: 'email', maxLength: 200, example: 'ravi@example.in' },
  { key: 'stateName', header: 'stateName', required: true, maxLength: 100, example: 'Maharashtra' },
  { key: 'cityName', header: 'cityName', required: true, maxLength: 100, example: 'Mumbai' },
  { key: 'pinCode', header: 'pinCode', required: true, maxLength: 10, example: '400053' },
  { key: 'addressLine1', header: 'addressLine1', required: true, maxLength: 200, example: '4 Link Road, Andheri' },
  { key: 'addressLine2', header: 'addressLine2', maxLength: 200, example: '' },
  { key: 'birthDate', header: 'birthDate', maxLength: 10, example: '1990-05-17' },
  { key: 'joiningDate', header: 'joiningDate', maxLength: 10, example: '2026-04-01' },
  { key: 'panNumber', header: 'panNumber', required: true, maxLength: 10, example: 'ABCDE1234F' },
  { key: 'aadharNumber', header: 'aadharNumber', required: true, maxLength: 14, example: '234567890124' },
  { key: 'vendorName', header: 'vendorName', maxLength: 15, example: '9000000005' },
  { key: 'serviceName', header: 'serviceName', maxLength: 2000, example: 'Tap Repair, Pipe Leakage' },
  { key: 'zoneName', header: 'zoneName', maxLength: 2000, example: 'Andheri, Bandra' },
];

export interface ProfessionalListPageProps {
  title: string;
  description: string;
  /** The add page of this area. */
  addTo: LinkProps['to'];
  addLabel: string;
  /** Only technicians (the shared group's technician list). */
  fixedType?: 'Technician' | 'Engineer';
}

/**
 * Professionals, one page at a time (Aadhaar shows only its last 4 digits), with the Active switch (DeReActivateAll:
 * switching off sends their open jobs back to unassigned), edit, delete, the bulk import and filters in the URL.
 */
export function ProfessionalListPage({ title, description, addTo, addLabel, fixedType }: ProfessionalListPageProps) {
  const search = validateProfessionalSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const filter = filterOf(search, fixedType);
  const table = useServerTable((state) => professionalsQuery(state, filter));
  const rights = useProfessionalRights();
  const setSearch = useListFilter<ProfessionalListSearch>();

  const columns: Column<ProfessionalListItem>[] = [
    ...leadColumns<ProfessionalListItem>(
      (p) => (
        <Link to="/Employee/EmployeeDetail" search={{ id: p.id }}>
          {p.fullName}
        </Link>
      ),
      (p) => (p.homeZoneName ? `${p.homeZoneName} · ${p.pinCode}` : p.pinCode),
    ),
    {
      key: 'aadharLast4',
      header: 'Aadhaar',
      render: (p) => (
        <span className={s.nowrap}>
          <span aria-hidden="true">XXXX XXXX </span>
          <span className={srOnly}>ending </span>
          {p.aadharLast4}
        </span>
      ),
    },
    { key: 'zoneCount', header: 'Zones', align: 'end' },
    { key: 'serviceCount', header: 'Skills', align: 'end' },
    { key: 'rating', header: 'Rating', render: stars },
    { key: 'available', header: 'Available', render: (p) => (p.available ? 'Yes' : 'No') },
    rights.toggle
      ? activeColumn('Professional', (p) => p.fullName)
      : { key: 'active', header: 'Active', render: (p) => (p.active ? 'Active' : 'Inactive') },
  ];
  if (rights.manage)
    columns.push(
      actionsColumn({
        nameOf: (p) => p.fullName,
        editLink: (p, props) => <Link to="/Employee/EmployeeUpdate" search={{ id: p.id }} {...props} />,
        deleteMessage:
          'The account, its zones and skills are removed for good. A professional who has had jobs cannot be deleted; switch them off instead.',
        onDelete: (p) => deleteProfessional(p.mobileNo),
        operation: 'deleteProfessional',
      }),
    );

  return (
    <StaffPage
      title={title}
      description={description}
      add={rights.manage ? { to: addTo, label: addLabel } : undefined}
      className={s.page}
    >
      <DataTable
        {...table}
        caption={title}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search by name, mobile or e-mail…"
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Status"
              allLabel="Active and inactive"
              value={search.status === 'all' ? '' : (search.status ?? '')}
              onChange={(value) => setSearch({ status: (value || undefined) as ProfessionalListSearch['status'] })}
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
            {fixedType ? null : (
              <FilterSelect
                label="Type"
                allLabel="All types"
                value={search.type ?? ''}
                onChange={(value) => setSearch({ type: (value || undefined) as ProfessionalListSearch['type'] })}
                options={[
                  { value: 'Technician', label: 'Technicians' },
                  { value: 'Engineer', label: 'Engineers' },
                ]}
              />
            )}
            {rights.manage ? (
              <ImportButton
                title="Import professionals"
                columns={professionalImportColumns}
                templateFileName="professionals-template.csv"
                importer={(rows) => importProfessionals(rows as ProfessionalImportRow[])}
                operation="importProfessionals"
              />
            ) : null}
          </div>
        }
      />
    </StaffPage>
  );
}
