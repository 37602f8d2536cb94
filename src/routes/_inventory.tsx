import { createFileRoute } from '@tanstack/react-router';
import { roleArea } from './-components/RoleArea';

export const Route = createFileRoute('/_inventory')(roleArea(['IM'], '/Auth'));
