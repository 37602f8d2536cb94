import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProfessionalJob, ProfessionalJobDone } from '../../../api/professionalJobs';
import { EmptyState, Pager } from '../../../ui';
import { LoadFailure, NotLoaded } from '../Loaded';
import { JobCard } from './JobCard';
import { JOBS_PAGE_SIZE } from './jobsSearch';
import * as s from './professional.css';

interface Page<T> {
  items: T[];
  total: number;
}

/** A page of jobs as cards, with its pager; the loading, error and empty states of the list. */
export function JobList<T extends ProfessionalJob | ProfessionalJobDone>({
  query,
  label,
  page,
  onPage,
  empty,
  readOnly,
}: {
  query: UseQueryResult<Page<T>>;
  /** Names the list ("Jobs you could take"). */
  label: string;
  page: number;
  onPage(page: number): void;
  empty: { title: string; description?: ReactNode };
  /** Staff looking at a professional's list: no Take, Accept, Reject or Complete. */
  readOnly?: boolean;
}) {
  if (!query.data) return <NotLoaded query={query} loadingLabel="Loading jobs…" />;
  const { items, total } = query.data;
  if (total === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <>
      <LoadFailure query={query} />
      <ul aria-label={label} className={s.cards}>
        {items.map((job) => (
          <JobCard key={job.lineId} job={job} readOnly={readOnly} />
        ))}
      </ul>
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE))}
        label={`${label}: pages`}
        onPage={onPage}
      />
    </>
  );
}
