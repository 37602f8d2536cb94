import { createFileRoute } from '@tanstack/react-router';
import { roleArea } from './-components/RoleArea';

// The shared group: any signed-in user; roles without a back-office menu see 'User Not Login' instead.
export const Route = createFileRoute('/_shared')(roleArea('any', '/Auth'));
