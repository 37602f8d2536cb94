import { useCallback, useRef, useState } from 'react';

/** Key under which server errors that name no form field are kept (shown by FormErrorSummary). */
export const FORM_ERROR = '_form';

export interface ServerFieldError {
  field: string;
  message: string;
}

/** 'body.MobileNo', '/Mobile_No' and 'mobile no' all become 'mobileno'. */
export function normalizeFieldName(field: string): string {
  const last = field.split(/[./]/).filter(Boolean).pop() ?? '';
  return last.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Maps server problem+json errors onto form field names case-insensitively (the legacy API
 * spells fields `MobileNo`, forms use `mobileNo`). Unknown fields go to FORM_ERROR; the first
 * message for a field wins.
 */
export function mapServerErrors(fields: string[], errors: ServerFieldError[]): Record<string, string> {
  const byNorm = new Map(fields.map((f) => [normalizeFieldName(f), f]));
  const out: Record<string, string> = {};
  const general: string[] = [];
  for (const e of errors) {
    const target = e.field ? byNorm.get(normalizeFieldName(e.field)) : undefined;
    if (target) {
      out[target] ??= e.message;
    } else {
      general.push(e.field ? `${e.field}: ${e.message}` : e.message);
    }
  }
  if (general.length) out[FORM_ERROR] = general.join(' ');
  return out;
}

export interface UseForm<T extends object> {
  values: T;
  /** Sets one field and clears its error, so the message disappears as the user fixes it. */
  set<K extends keyof T>(field: K, value: T[K]): void;
  errors: Record<string, string>;
  setErrors(errors: Record<string, string>): void;
  setServerErrors(errors: ServerFieldError[]): void;
  /** Back to the initial values (or to `next`, which becomes the new baseline) with no errors. */
  reset(next?: T): void;
}

/** A tiny controlled-form hook: values, per-field errors, server error mapping. No form library. */
export function useForm<T extends object>(initial: T): UseForm<T> {
  const baseline = useRef(initial);
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const key = String(field);
      if (!(key in e) && !(FORM_ERROR in e)) return e;
      const { [key]: _removed, [FORM_ERROR]: _general, ...rest } = e;
      return rest;
    });
  }, []);

  const setServerErrors = useCallback((list: ServerFieldError[]) => {
    setErrors(mapServerErrors(Object.keys(baseline.current), list));
  }, []);

  const reset = useCallback((next?: T) => {
    if (next) baseline.current = next;
    setValues(baseline.current);
    setErrors({});
  }, []);

  return { values, set, errors, setErrors, setServerErrors, reset };
}
