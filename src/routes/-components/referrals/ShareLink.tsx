import { useState } from 'react';
import { Button, toast } from '../../../ui';
import * as s from './referrals.css';

/** A link to share, with Copy (and Share, where the browser can share). */
export function ShareLink({ url, title, text }: { url: string; title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied.');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself.');
    }
  }
  return (
    <div className={s.linkRow}>
      <output className={s.link} aria-label={title} dir="ltr">
        {url}
      </output>
      <Button variant="secondary" size="sm" onClick={copy}>
        {copied ? 'Copied' : 'Copy link'}
      </Button>
      {canShare ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}
        >
          Share
        </Button>
      ) : null}
    </div>
  );
}
