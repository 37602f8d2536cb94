import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Tabs } from '../../../ui';
import { FeedbackTable } from '../../-components/ratings/FeedbackTable';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';

type By = 'professional' | 'service';

export const Route = createFileRoute('/_admin/Rating/FeedbackRatings')({
  head: () => ({ meta: [{ title: 'Feedback ratings · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { by?: By } => ({
    ...validateListSearch(raw),
    by: raw.by === 'service' ? 'service' : undefined,
  }),
  component: FeedbackRatings,
});

function FeedbackRatings() {
  const { by = 'professional' } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <StaffPage
      title="Feedback ratings"
      description="Average stars per professional and per service (hidden reviews' stars included). Open one to read its ratings."
    >
      <Tabs
        label="Ratings per"
        value={by}
        onValueChange={(v) => navigate({ to: '.', search: { by: v === 'service' ? 'service' : undefined } })}
        tabs={[
          {
            value: 'professional',
            label: 'Professionals',
            content: by === 'professional' ? <FeedbackTable by="professional" /> : null,
          },
          { value: 'service', label: 'Services', content: by === 'service' ? <FeedbackTable by="service" /> : null },
        ]}
      />
    </StaffPage>
  );
}
