import { useId, type ComponentProps, type ReactNode } from 'react';

interface FormFieldProps {
  /** For a form that moves focus to a field or a test that names it; otherwise one is made. */
  id?: string;
  label: string;
  /** Shown under the control and describing it; nothing when empty. */
  error?: string | null;
  hint?: string;
}

/** What the one control of a field carries: its id, and whether and by what it is described as invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, control, hint and error of one form field, the one markup every form uses: the control is labelled,
 * and described by hint and error, so a screen reader reads what is wrong where the focus is.
 */
export function FormField({
  id: givenId,
  label,
  error,
  hint,
  children,
}: FormFieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled input; `ref` reaches the input (a form that moves focus to it). */
export function TextField({ id, label, error, hint, ...input }: FormFieldProps & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </FormField>
  );
}

/** A labelled select of the given choices. */
export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  ...select
}: FormFieldProps & {
  options: readonly { value: string; label: string }[];
} & Omit<ComponentProps<'select'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * A value shown beside form fields but not changed there (an end time that follows from the start): laid out and
 * labelled like its neighbours, with no control to focus. Extra props (a class, a `data-` hook) go on the value.
 */
export function ReadOnlyField({ label, children, ...value }: { label: string } & ComponentProps<'span'>) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <span {...value}>{children}</span>
    </div>
  );
}
