import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { checkServer, useServerReachable } from '../../api/connection';
import { Alert, Button } from '../../ui';
import * as s from './ConnectionBanner.css';

/**
 * While Doorstep cannot be reached: says so on every page, with a retry that asks the server again and reloads what
 * the page shows. Forms keep what was typed (they never reset on a failed send), so sending again is one press.
 */
export function ConnectionBanner() {
  const reachable = useServerReachable();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  if (reachable) return null;
  const retry = async () => {
    setChecking(true);
    try {
      if (await checkServer()) await queryClient.refetchQueries({ type: 'active' });
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className={s.banner}>
      <Alert
        tone="danger"
        title="Doorstep cannot be reached"
        action={
          <Button size="sm" variant="secondary" loading={checking} onClick={retry}>
            Try again
          </Button>
        }
      >
        Check your connection. What you typed is kept.
      </Alert>
    </div>
  );
}
