import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
}

/** What the one control of a field carries: its id, and whether and by what it is described as invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, control, hint and error of one form field; the control is described by hint and error.
 * `id` is for a form that moves focus to a field; otherwise one is made.
 */
export function FormField({
  id: givenId,
  label,
  error,
  hint,
  children,
}: FormFieldProps & { id?: string; children: (control: FieldControlProps) => ReactNode }) {
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

export function TextField({
  label,
  error,
  hint,
  ...input
}: FormFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </FormField>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  ...select
}: FormFieldProps & {
  options: { value: string; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <FormField label={label} error={error} hint={hint}>
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
