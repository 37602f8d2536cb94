import type { ReactNode } from 'react';
import * as s from './Badge.css';
import type { Tone } from './tone.css';

export type BadgeTone = Tone;

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
}

/** A short status label. The text carries the meaning; the colour only repeats it. */
export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return <span className={s.tone[tone]}>{children}</span>;
}
