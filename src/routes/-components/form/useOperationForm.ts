import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { ApiError, type FieldError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { type BodyOf, type BodyOperation, checkBody, type FieldRule, rulesOf } from '../../../api/validate';
import { toast } from '../../../ui';
import { type UseForm, useForm } from '../../../ui/form';
import { labelledErrors } from './labelledErrors';

/** A write that takes a JSON body: what a form of the kit sends. */
export type FormOperation = WriteId & BodyOperation;

export interface OperationFormOptions<K extends FormOperation, V extends object, R extends { message?: string }> {
  /** The write, by operationId: its request schema checks the body, its x-invalidates refreshes the reads. */
  operation: K;
  initial: V;
  /**
   * Each form field's label, in the order the form shows the fields (the error summary's order): shown on the field
   * and in front of its messages ("Heading must not be empty").
   */
  labels: { [F in keyof V]: string };
  /** The request body for the values (trimmed, numbers parsed); checked against the schema before it is sent. */
  toBody(values: V): BodyOf<K>;
  send(body: BodyOf<K>): Promise<R>;
  /** Body fields whose errors belong to another form field (`fileName` → `image`). */
  alias?: Record<string, keyof V & string>;
  onSaved(reply: R): void;
  /** The toast when the server's reply has no message; `false`: no toast (the page itself shows the outcome). */
  savedMessage?: string | false;
  /** Regroups field errors before they are shown (one message per field for a list of pincodes). */
  refine?(errors: FieldError[]): FieldError[];
  /** Told of the server's field errors (to mark the rows of a list the server named). */
  onRefused?(errors: FieldError[]): void;
  /**
   * Form fields picked from a list (drop-downs). Left empty, any error of theirs reads "Choose a city": the length or
   * shape the contract asks of the value means nothing to someone who picks it.
   */
  choices?: (keyof V & string)[];
  /** Mistakes no schema can name (a choice the body is built from), by form field, checked before the schema. */
  precheck?(values: V): Partial<Record<keyof V & string, string>>;
}

export interface OperationForm<V extends object> extends UseForm<V> {
  busy: boolean;
  submit(): Promise<void>;
  /** Name, label, error and `required` of a field (the contract's rule), for any field component. */
  field<F extends keyof V & string>(name: F): { name: F; label: string; error?: string; required?: boolean };
  /** `field` plus value, onChange and the contract's length limits, for TextField and TextArea. */
  text<F extends keyof V & string>(
    name: F,
  ): ReturnType<OperationForm<V>['field']> & {
    value: string;
    onChange(e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    maxLength?: number;
  };
  /**
   * `field` plus value and onChange for the components that hand back the value itself: a picture (PictureField),
   * a picked id (SearchSelectField), a list of ids (MultiSelectField).
   */
  control<F extends keyof V & string>(
    name: F,
  ): ReturnType<OperationForm<V>['field']> & { value: V[F]; onChange(value: V[F]): void };
  /** The contract's limits of the body field behind a form field. */
  rule(name: keyof V & string): FieldRule;
}

/**
 * The kit's form (docs/operation-kit.md, Forms): values and errors (useForm), a submit that checks the body with the
 * operation's request schema compiled from openapi.yaml, sends it, refreshes the reads the write changes and toasts
 * the server's message; any field error, the browser's or the server's, lands on its field in the same words.
 */
/** "Choose a city", "Choose an area": what an empty drop-down asks for. */
export const chooseMessage = (label: string) =>
  `Choose ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;

export function useOperationForm<K extends FormOperation, V extends object, R extends { message?: string }>(
  options: OperationFormOptions<K, V, R>,
): OperationForm<V> {
  const { operation, labels, alias = {} } = options;
  const queryClient = useQueryClient();
  const form = useForm<V>(options.initial);
  const [busy, setBusy] = useState(false);
  const rules = rulesOf(operation);
  const labelOf = labels as Record<string, string>;
  const order = Object.keys(labelOf);
  // In the order of the form's fields, so the error summary reads top to bottom like the form.
  const show = (errors: FieldError[]) => {
    const labelled = labelledErrors(options.refine ? options.refine(errors) : errors, labelOf, alias).map((e) =>
      options.choices?.includes(e.field as keyof V & string) && !String(form.values[e.field as keyof V] ?? '')
        ? { ...e, message: chooseMessage(labelOf[e.field]) }
        : e,
    );
    const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
    form.setServerErrors([...labelled].sort((a, b) => rank(a.field) - rank(b.field)));
  };

  // The body field of the same name, else the one whose errors the form field shows (`categoryZoneList` → zones).
  const rule = (name: keyof V & string): FieldRule => {
    const aliased = Object.keys(alias).find((from) => alias[from] === name);
    return rules[name] ?? (aliased ? rules[aliased] : undefined) ?? {};
  };
  const field = <F extends keyof V & string>(name: F) => ({
    name,
    label: labelOf[name],
    error: form.errors[name],
    required: rule(name).required,
  });

  async function submit() {
    const before = Object.entries(options.precheck?.(form.values) ?? {}).map(([field, message]) => ({
      field,
      message: String(message),
    }));
    const body = options.toBody(form.values);
    const mistakes = [...before, ...checkBody(operation, body)];
    if (mistakes.length) return show(mistakes);
    setBusy(true);
    try {
      const reply = await options.send(body);
      await invalidateAfter(queryClient, operation);
      if (options.savedMessage !== false) toast.success(reply.message || options.savedMessage || 'Saved.');
      options.onSaved(reply);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        show(e.errors);
        options.onRefused?.(e.errors);
      } else if (!(e instanceof ApiError && e.status === 0)) toast.error((e as Error).message);
      // No answer at all: the connection banner says so once, with a retry (ConnectionBanner.tsx); the values stay.
    } finally {
      setBusy(false);
    }
  }

  return {
    ...form,
    busy,
    submit,
    field,
    rule,
    text: (name) => ({
      ...field(name),
      value: String(form.values[name] ?? ''),
      onChange: (e) => form.set(name, e.target.value as V[typeof name]),
      maxLength: rule(name).maxLength,
    }),
    control: (name) => ({ ...field(name), value: form.values[name], onChange: (value) => form.set(name, value) }),
  };
}
