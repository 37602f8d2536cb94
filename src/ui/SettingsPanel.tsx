import { lazy, Suspense, useEffect } from 'react';
import { Button } from './Button';
import { GearIcon } from './icons';
import { pendingControl } from './pending.css';

// The sheet needs radix Dialog, RadioGroup and Switch: loaded on demand, outside the entry bundle.
const loadSheet = () => import('./SettingsSheet');
const SettingsSheet = lazy(() => loadSheet().then((m) => ({ default: m.SettingsSheet })));

/** The top bar's gear button (aria-label "Settings") and the settings side sheet it opens. */
export function SettingsPanel() {
  useEffect(() => {
    loadSheet().catch(() => {});
  }, []);
  return (
    <Suspense
      fallback={
        <Button variant="ghost" icon aria-label="Settings" title="Settings" disabled className={pendingControl}>
          <GearIcon />
        </Button>
      }
    >
      <SettingsSheet />
    </Suspense>
  );
}
