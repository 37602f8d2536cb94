import { useSession } from '../../../api/session';

/** What the signed-in role may do on the professionals' pages (the server enforces the same; this hides dead controls). */
export function useProfessionalRights() {
  const session = useSession();
  const role = session.matches('signedIn') ? (session.context.user?.Role ?? null) : null;
  return {
    /** Add, change, import, delete, zones and skills: the admin and HR. */
    manage: role === 'A' || role === 'HR',
    /** The Active switch (DeReActivateAll): the admin only. */
    toggle: role === 'A',
  };
}
