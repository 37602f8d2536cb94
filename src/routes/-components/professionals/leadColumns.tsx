// Shared by the admin's and the vendor's lists of professionals: the columns both open with.
import type { ReactNode } from 'react';
import type { Column } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';

interface ProfessionalRow {
  fullName: string;
  professionalType: string | null;
  mobileNo: string;
  cityName: string | null;
}

/** Name (a link to `nameLink`'s page) over the type, mobile number, and city over `placeNote` when there is one. */
export function leadColumns<T extends ProfessionalRow>(
  nameLink: (row: T) => ReactNode,
  placeNote: (row: T) => string | null,
): Column<T>[] {
  return [
    {
      key: 'fullName',
      header: 'Name',
      render: (p) => (
        <>
          {nameLink(p)}
          <span className={s.cellNote}>{p.professionalType}</span>
        </>
      ),
    },
    { key: 'mobileNo', header: 'Mobile' },
    {
      key: 'place',
      header: 'City',
      render: (p) => {
        const note = placeNote(p);
        return (
          <>
            {p.cityName}
            {note ? <span className={s.cellNote}>{note}</span> : null}
          </>
        );
      },
    },
  ];
}
