// A recruitment list page: one state's list per tab (Hr/GetCandidatesByAction), or every candidate, each row with the
// steps the machine allows now. The table's state and the tab live in the URL. The admin's pages open a candidate in
// the page itself (?id=), HR's open the candidate's own page.
import { Link, useSearch } from '@tanstack/react-router';
import { type CandidateAction, importCandidates } from '../../../api/recruitment';
import { buttonClassName } from '../../../ui';
import type { ImportColumn } from '../../../ui/spreadsheet';
import { ImportButton } from '../../_admin/-components/ImportButton';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { InPageLink } from '../InPageLink';
import { ListTabs } from '../ListTabs';
import { CandidateDetail } from './CandidateDetail';
import { CandidateList } from './CandidateList';
import * as s from './recruitment.css';
import type { CandidateListSearch } from './search';

export interface CandidateTab {
  /** One state's list; 'All' for every candidate. */
  action: CandidateAction | 'All';
  label: string;
  emptyMessage: string;
  showRemark?: boolean;
}

export interface CandidatesPageProps {
  title: string;
  description: string;
  tabs: CandidateTab[];
  viewer: 'HR' | 'A';
  /** HR's all-candidates page: Add and Import. */
  manage?: boolean;
}

export const candidateImportColumns: ImportColumn[] = [
  { key: 'firstName', header: 'firstName', required: true, maxLength: 50, example: 'Ravi' },
  { key: 'middleName', header: 'middleName', maxLength: 50, example: '' },
  { key: 'lastName', header: 'lastName', required: true, maxLength: 50, example: 'Kumar' },
  { key: 'phone', header: 'phone', required: true, maxLength: 20, example: '9876543210' },
  { key: 'email', header: 'email', maxLength: 200, example: 'ravi@example.in' },
  { key: 'address', header: 'address', required: true, maxLength: 300, example: '4 Link Road, Andheri, Mumbai' },
  { key: 'pincode', header: 'pincode', required: true, maxLength: 10, example: '400053' },
  { key: 'dob', header: 'dob', required: true, maxLength: 10, example: '1995-04-12' },
  { key: 'designationType', header: 'designationType', required: true, maxLength: 20, example: 'Technician' },
  { key: 'offOnRole', header: 'offOnRole', required: true, maxLength: 20, example: 'OnRoll' },
  { key: 'totalExp', header: 'totalExp', required: true, type: 'integer', example: '3' },
];

export function CandidatesPage({ title, description, tabs, viewer, manage }: CandidatesPageProps) {
  const search = useSearch({ strict: false }) as CandidateListSearch & { id?: number };
  const list = (t: CandidateTab) => (
    <CandidateList
      action={t.action === 'All' ? undefined : t.action}
      caption={t.label}
      emptyMessage={t.emptyMessage}
      viewer={viewer}
      showRemark={t.showRemark}
      openInPage={viewer === 'A'}
    />
  );
  return (
    <StaffPage
      title={title}
      description={description}
      className={s.page}
      actions={
        manage ? (
          <span className={s.actions}>
            <ImportButton
              title="Import candidates"
              columns={candidateImportColumns}
              templateFileName="candidates-template.csv"
              importer={(rows) => importCandidates(rows as Parameters<typeof importCandidates>[0])}
              operation="importCandidates"
            />
            <Link to="/RecruitingStaff/AddCandidate" className={buttonClassName({ size: 'sm' })}>
              Add candidate
            </Link>
          </span>
        ) : search.id ? (
          <InPageLink set={{ id: undefined }} variant="secondary">
            Close the candidate
          </InPageLink>
        ) : null
      }
    >
      {viewer === 'A' && search.id ? <CandidateDetail id={search.id} viewer="A" /> : null}
      <ListTabs label="Candidates" tabs={tabs} list={list} />
    </StaffPage>
  );
}
