import { createFileRoute } from '@tanstack/react-router';
import { roleArea } from './-components/RoleArea';

// Marketing screens the admin opens too: the marketing dashboard (decision 025). Marketing's own screens (coupons,
// the referral page) stay in _marketing.
export const Route = createFileRoute('/_marketingShared')(roleArea(['MR', 'A'], '/Auth'));
