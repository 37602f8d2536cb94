import { type FormEvent, type FormHTMLAttributes, type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { FormIdContext, fieldId } from './Field';
import * as s from './form.css';
import { FORM_ERROR } from './useForm';

export type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Prefix of the field ids inside this form; defaults to a unique one. */
  idPrefix?: string;
  children: ReactNode;
};

/**
 * A <form> with our own validation (noValidate: the browser's bubbles are not translatable,
 * not styleable and not announced consistently) laid out as a responsive grid.
 */
export function Form({ onSubmit, idPrefix, className, children, ...rest }: FormProps) {
  const generated = useId();
  return (
    <FormIdContext.Provider value={idPrefix ?? `f${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`}>
      <form
        noValidate
        {...rest}
        className={className ? `${s.form} ${className}` : s.form}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e);
        }}
      >
        {children}
      </form>
    </FormIdContext.Provider>
  );
}

/** The submit/cancel row at the end of a form, aligned to the inline end (right in LTR, left in RTL). */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${s.actions} ${className}` : s.actions}>{children}</div>;
}

export interface FormErrorSummaryProps {
  errors: Record<string, string>;
  title?: string;
  /** Ids of fields that are not inside the same <Form> (otherwise built from the name). */
  fieldIds?: Record<string, string>;
  /** Move focus to the summary when errors appear, so keyboard users land on it after submitting. */
  focusOnShow?: boolean;
}

/** Focus the element, or its first focusable descendant when it is a group (MultiSelectField). */
function focusField(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const target = el.matches('input, select, textarea, button, [tabindex]')
    ? el
    : el.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button, [tabindex]');
  (target ?? el).focus();
  (target ?? el).scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/** The list of field errors at the top of a form; each message links to (and focuses) its field. */
export function FormErrorSummary({
  errors,
  title = 'Please fix the following:',
  fieldIds,
  focusOnShow = true,
}: FormErrorSummaryProps) {
  const prefix = useContext(FormIdContext);
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter(([, message]) => message);
  const shown = entries.length > 0;

  useEffect(() => {
    if (shown && focusOnShow) ref.current?.focus();
  }, [shown, focusOnShow]);

  if (!shown) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={s.summary} aria-labelledby={`${prefix}-error-summary`}>
      <h2 id={`${prefix}-error-summary`} className={s.summaryTitle}>
        {title}
      </h2>
      <ul className={s.summaryList}>
        {entries.map(([field, message]) => {
          if (field === FORM_ERROR) return <li key={field}>{message}</li>;
          const id = fieldIds?.[field] ?? fieldId(prefix, field);
          return (
            <li key={field}>
              <a
                href={`#${id}`}
                className={s.summaryLink}
                onClick={(e) => {
                  // Focus the field ourselves: a hash change would also reach the router.
                  e.preventDefault();
                  focusField(id);
                }}
              >
                {message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
