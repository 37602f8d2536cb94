import type { ReactNode } from 'react';
import * as s from './Alert.css';
import { AlertIcon, CheckIcon, ErrorIcon, InfoIcon } from './icons';
import type { Tone } from './tone.css';

export type AlertTone = Tone;

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button beside the words (a retry), wrapping under them on a narrow screen. */
  action?: ReactNode;
}

const ICONS = { neutral: InfoIcon, info: InfoIcon, success: CheckIcon, warning: AlertIcon, danger: ErrorIcon };

/** An inline message. Danger alerts interrupt screen readers (role=alert); the others are polite (status). */
export function Alert({ tone = 'info', title, children, action }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div className={s.tone[tone]} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon className={s.icon[tone]} />
      <div className={s.body}>
        {title && <strong className={s.title}>{title}</strong>}
        {action ? (
          <span className={s.withAction}>
            {children}
            {action}
          </span>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
