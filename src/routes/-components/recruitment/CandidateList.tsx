// One state's list of candidates (Hr/GetCandidatesByAction), or every candidate (Hr/GetCandidatesAllOrById): paged,
// searchable and sortable on the server, its state in the URL; each row links to the candidate's page and carries the
// steps the machine allows now.
import { Link } from '@tanstack/react-router';
import {
  type Candidate,
  type CandidateAction,
  candidatesByActionQuery,
  candidatesQuery,
} from '../../../api/recruitment';
import type { RecruitmentState } from '../../../machines/recruitment/recruitment.machine';
import { Badge, formatDate, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { StepButtons } from './CandidateStep';
import * as s from './recruitment.css';
import { STATE_LABEL, STATE_TONE } from './states';

export interface CandidateListProps {
  /** One state's list; without it every candidate. */
  action?: CandidateAction;
  caption: string;
  emptyMessage: string;
  viewer: 'HR' | 'A';
  /** The remark column (rejections) instead of the revised salary. */
  showRemark?: boolean;
  /** The name opens the candidate in this page (?id=, the admin's pages) instead of HR's candidate page. */
  openInPage?: boolean;
}

type Sort = 'createdAt' | 'name' | 'updatedAt';

export function CandidateList({ action, caption, emptyMessage, viewer, showRemark, openInPage }: CandidateListProps) {
  const table = useServerTable<Candidate>((state) => {
    const params = {
      page: state.page,
      pageSize: state.pageSize,
      search: state.search || undefined,
      sort: state.sort as Sort | undefined,
      order: state.sort ? state.order : undefined,
    };
    return action ? candidatesByActionQuery(action, params) : candidatesQuery(params);
  });
  const columns: Column<Candidate>[] = [
    {
      key: 'name',
      header: 'Candidate',
      sortable: true,
      render: (c) =>
        openInPage ? (
          <Link to="." search={(prev: Record<string, unknown>) => ({ ...prev, id: c.id })}>
            <bdi>{c.fullName}</bdi>
          </Link>
        ) : (
          <Link to="/RecruitingStaff/CandidateDetail" search={{ id: c.id }}>
            <bdi>{c.fullName}</bdi>
          </Link>
        ),
    },
    { key: 'designationType', header: 'Designation', render: (c) => c.designationType },
    { key: 'phone', header: 'Mobile', render: (c) => <span className={s.nowrap}>{c.phone}</span> },
    { key: 'totalExp', header: 'Experience', align: 'end', render: (c) => `${c.totalExp} y` },
    {
      key: 'state',
      header: 'Step',
      render: (c) => (
        <Badge tone={STATE_TONE[c.state as RecruitmentState]}>{STATE_LABEL[c.state as RecruitmentState]}</Badge>
      ),
    },
    showRemark
      ? {
          key: 'lastRemark',
          header: 'Remark',
          render: (c) => (c.lastRemark ? <bdi dir="auto">{c.lastRemark}</bdi> : '—'),
        }
      : {
          key: 'revisedSalary',
          header: 'Revised salary',
          align: 'end',
          render: (c) =>
            c.revisedSalary !== null ? (
              <span className={s.nowrap}>
                {formatRupees(c.revisedSalary)}
                {c.revisedJoinDate ? ` from ${formatDate(c.revisedJoinDate)}` : ''}
              </span>
            ) : (
              '—'
            ),
        },
    {
      key: 'updatedAt',
      header: 'Last step',
      sortable: true,
      render: (c) => <span className={s.nowrap}>{formatDateTime(c.lastStepAt ?? c.updatedAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (c) => <StepButtons candidate={c} viewer={viewer} />,
    },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(c) => c.id}
      searchPlaceholder="Name, mobile or e-mail…"
      emptyMessage={table.state.search ? undefined : emptyMessage}
    />
  );
}
