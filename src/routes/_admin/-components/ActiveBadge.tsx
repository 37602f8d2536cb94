// Shared by every admin list and detail: "Active" / "Inactive" as a badge (the text carries the meaning).
import { Badge } from '../../../ui';

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
