import { createFileRoute } from '@tanstack/react-router';
import { roleArea } from './-components/RoleArea';

// Money screens the admin and the accountant share (the account wallet, payment intents); decision 013, Screens.
export const Route = createFileRoute('/_finance')(roleArea(['A', 'AC'], '/Auth'));
